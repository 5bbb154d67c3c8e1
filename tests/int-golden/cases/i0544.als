sig A { r: set B }
sig B {}
fact { (some x1: Int | (one a2: A | (some a3: A | nonneg[x1]))) }
fact { (some x4: Int | lone x4) }
check { all x: Int | x.div[-1] = negate[x] } for 3 but 3 Int, exactly 2 A
