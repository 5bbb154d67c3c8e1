open util/integer
sig A { f: Int, g: set Int }
fun twist[p: Int]: Int { #A }
fact { #A != #A }
run { lone A.f } for 4 Int
