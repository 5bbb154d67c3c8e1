sig A { f: Int, r: set B }
sig B {}
fun twist[p: Int]: Int { #A.r }
check { all x: Int | negate[negate[x]] = x } for 3 but 5 Int, 2 A
