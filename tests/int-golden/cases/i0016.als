sig A {}
sig B {}
check { all x: Int | x.plus[2] > x } for 3 but 4 Int, 2 A
