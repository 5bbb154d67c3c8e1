open util/integer
sig A { f: Int }
fact { (let l5 = 2 | (l5 not =< l5) <=> (#A.f <= l5)) }
check { ((all x1: Int | (no x2: Int | not (1 >= #A)))) <=> (((A.f) < sub[6, -3]) && ((some disj x3, x4: Int | x3 =< x4))) } for 3 but 4 Int
