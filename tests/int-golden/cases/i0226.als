sig A { f: Int }
sig B {}
fact { (1 + 1) != negate[#A] }
fact { #A.f =< (sum n2: Int[#A] | n2) }
run { (0 !< -2) implies ((all a1: A | 0 <= a1.f)) } for 2 Int, 3 A, 1 B
