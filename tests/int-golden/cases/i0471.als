open util/integer
sig A {}
check { all x: Int | x.mul[2].div[2] = x } for 5 Int, 3 A
