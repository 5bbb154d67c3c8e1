sig A { f: Int }
sig B {}
fact { #A.f > #B }
fact { (all x4: Int | #B not in Int[x4]) }
check { (all x1, x2: Int | (all b3: B | no A.f)) } for 3 but 4 Int, 3 A, 2 B
