sig A { f: Int, g: set Int, h: B -> Int }
some sig B {}
run { (((1 < #B.(A.h)) => (max < -1)) || ((some x1: Int[-2] | x1 <= -2))) => ((some x2: Int | (no x3: Int | nonpos[5]))) else (add[-2, -1] > (1 >>> 2)) } for 2 but 2 Int
