open util/integer
sig A { g: set Int }
pred prop[q: Int] { ((q != #A) implies q else q) > (Int[q]) }
check { (some a1: A | not (! ((#A.g in A.g) implies (lte[-8, #A])))) } for 4 Int
