sig A { g: set Int, r: set A }
pred prop[q: Int] { (some x1: Int | (some x2: Int | 1 > q)) }
run { some x: Int | x.rem[0] = 2 } for 4 Int
