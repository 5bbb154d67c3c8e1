sig A { g: set Int }
fact { (-1 + Int[0]) != min.next }
run { (lone x1: Int | eq[((x1 < #A) implies #A.g else 0), (x1 + #A)]) } for 3 but 2 Int
