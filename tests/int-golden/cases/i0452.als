sig A {}
fact { (#A > #A) and (Int[-3] in -3) }
run { (all x1: Int | ((lone a2: A | no x1)) implies ((some x3: Int | -1 >= -33))) } for 3 but 2 Int
