sig A { f: Int, g: set Int }
sig B { v: Int }
check { all x: Int | x.mul[1].div[1] = x } for 3 but 3 Int, 2 B
