sig A { g: set Int }
fact { (one a2: A | lone a2.g) }
check { (lone x1: Int | no A.g) } for 1 but 2 Int
