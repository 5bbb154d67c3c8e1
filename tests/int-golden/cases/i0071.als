sig A { f: Int, r: set B }
sig B {}
check { all x: Int | x.mul[1].div[1] = x } for 4 Int, 1 A, exactly 3 B
