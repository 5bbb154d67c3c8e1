sig A { f: Int, r: set B }
sig B { v: Int }
fun twist[p: Int]: Int { (p.rem[7] << 3) }
check { all x: Int | x.mul[2].div[2] = x } for 3 but 4 Int, 1 A
