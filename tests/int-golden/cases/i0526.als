sig A { f: Int, g: set Int, r: set A }
pred prop[q: Int] { (lone a1: A | (lone x2: a1.g | -8 <= x2)) }
run { some x: Int | x.plus[-5] < x } for 3 but 4 Int
