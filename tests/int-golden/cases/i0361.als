sig A { f: Int }
sig B { v: Int }
fact { (lone a2: A | a2.f != a2.f) }
run { (one x1: B.v | (#A.f fun/sub x1) !<= (17 - -16)) } for 3 but 5 Int, 1 B
