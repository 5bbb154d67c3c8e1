open util/integer
sig A { f: Int, h: A -> Int }
pred prop[q: Int] { 14.sub[#A.(A.h)] != (#A.(A.h)).div[q] }
fact { not ((0 <= -17) <=> (14 =< 14)) }
fact { (one x3: Int | prop[x3]) }
run { ! ((some disj x1, x2: Int | 14 <= #A)) } for 1 but 5 Int
