sig A {}
run { (all x1: {c2: Int | -2 > -2} | ((x1 != x1) || (Int[x1] in Int[0])) <=> ((no a3: A | x1 < x1))) } for 2 Int, exactly 3 A
