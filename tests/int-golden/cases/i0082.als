sig A { g: set Int }
fact { (all a2: A | ((some x3: Int | x3 !>= x3)) implies (-2 !< max)) }
run { (((-16)).add[(-15 + 32)] not = (2 >> 15)) or ((lone x1: Int | eq[(-17).plus[2], int[x1]])) } for 1 but 5 Int
