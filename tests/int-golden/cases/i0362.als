sig A { r: set A }
fact { (14 >> -1) not >= int[Int[-2]] }
check { all x: Int | x.div[-1] = negate[x] } for 3 but 5 Int
