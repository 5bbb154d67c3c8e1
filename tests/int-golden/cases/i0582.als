lone sig A { r: set A }
fact { (all x2: Int | ! ((some x3: Int | x2 = x3))) }
fact { (all x4: Int | -1 != (x4 >>> 0)) }
check { ! ((! (lone Int)) implies ((some x1: Int | x1 !in Int[#A.r]))) } for 1 but 2 Int
