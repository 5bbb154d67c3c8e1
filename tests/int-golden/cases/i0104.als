open util/integer
sig A { f: Int }
sig B { v: Int }
fact { ! (-2 < 8) }
fact { (some x1, x2: Int | (#B not > #A.f) and (#A > x1)) }
check { not (Int[3] != int[A.f]) } for 3
