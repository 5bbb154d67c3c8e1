open util/integer
sig A { f: Int, g: set Int, r: set A }
sig B {}
fun twist[p: Int]: Int { 3 }
fact { 2 != (-3 >>> -2) }
check { (some b1: B | (one a2: A | lone a2.g)) } for 5 Int, 3 A, 3 B
