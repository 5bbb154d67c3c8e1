sig A { g: set Int, r: set A }
sig B { v: Int }
pred prop[q: Int] { (q !< -16) or ((#A.r > q) => (no Int[q])) }
fact { (1 != #A.g) implies (#A.g >= -15) }
check { all x: Int | negate[negate[x]] = x } for 3 but 5 Int, exactly 3 A
