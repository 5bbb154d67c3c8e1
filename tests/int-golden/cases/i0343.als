sig A {}
sig B { v: Int }
check { div[(#B.v >> -1), ((gt[-8, 6]) => -8 else 0)] >= max[(-3 - B.v)] } for 2 but 4 Int, 1 A
