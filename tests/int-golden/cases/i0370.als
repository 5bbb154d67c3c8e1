open util/integer
sig A { f: Int }
fact { no (Int - A.f) }
run { ((let l1 = -1 | 0) not = div[-2, #A]) <=> ((some a2: A | (some x3: Int | x3 <= a2.f))) } for 3 but 2 Int
