sig A {}
sig B {}
fact { (all x1, x2: Int | x2 != x1) }
check { all x: Int | (x >> 1) << 1 = x } for 2 but 3 Int, 2 A, 1 B
