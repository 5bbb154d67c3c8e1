sig A {}
fact { (one x2: Int[-17] | x2 != -3) }
check { eq[(-3).sub[6.div[#A]], int[{c1: Int | c1 != Int[min]}]] } for 2 but 4 Int
