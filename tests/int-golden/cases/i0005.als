open util/integer
sig A {}
check { (all x1: Int | (no x2: Int | (some a3: A | Int[x2] != #A))) } for 1 but 5 Int
