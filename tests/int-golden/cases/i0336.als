open util/integer
sig A { f: Int, g: set Int, r: set A }
fun twist[p: Int]: Int { (sum a1: A | #A.r) }
run { (#A).plus[#A] > #A } for 5 Int, 2 A
