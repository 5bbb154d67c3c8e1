open util/integer
sig A { f: Int, r: set B }
sig B { v: Int }
check { all x: Int | x.mul[2].div[2] = x } for 3 but 4 Int, 2 A
