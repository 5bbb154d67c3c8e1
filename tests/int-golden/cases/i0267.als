open util/integer
sig A { f: Int, g: set Int }
sig B {}
fun twist[p: Int]: Int { ((p >>> -8) << 0) }
run { (#A).plus[#A] > #A } for 4 Int
