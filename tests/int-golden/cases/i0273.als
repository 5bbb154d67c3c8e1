sig A { h: A -> Int }
fun twist[p: Int]: Int { div[p, ((2 =< #A) implies -2 else p)] }
pred prop[q: Int] { one q }
fact { ! (((lone Int[#A]) <=> (lte[#A, 3])) <=> (not (prop[#A.(A.h)]))) }
run { (some x1: Int | (one a2: A | ! (x1 = x1))) } for 2 but 3 Int, 2 A
