open util/integer
some sig A { h: A -> Int }
fact { (all disj x2, x3: Int | #A.(A.h) in Int[x2]) }
run { ((let l1 = -8 | l1) + min.minus[#A.(A.h)]) = #A.(A.h) } for 2 but 4 Int
