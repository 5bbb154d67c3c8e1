sig A {}
sig B {}
check { all x: Int | (x >> 1) >> 1 = x } for 3 but 2 Int, exactly 2 A
