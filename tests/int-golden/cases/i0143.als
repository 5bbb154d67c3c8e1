sig A { f: Int }
check { (one x1: Int | x1.add[0] !<= add[x1, #A.f]) } for 3 but 3 Int
