sig A { f: Int }
fact { ((let l1 = (sum a2: A | a2.f) | (no a3: A | l1 = a3.f))) and (((2 not in A.f) implies 33 else #A) not = (3 + #A.f)) }
check { all x: Int | negate[negate[x]] = x } for 3 but 5 Int
