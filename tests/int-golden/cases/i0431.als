sig A { r: set A }
fact { (one x3: Int | x3 = Int[#A]) }
run { (one x1: (#A).next | (some x2: Int | x2 >= -4)) } for 1 but 3 Int
