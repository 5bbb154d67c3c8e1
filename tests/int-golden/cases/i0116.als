sig A {}
fact { zero[(-3 << -3)] }
check { (no a1: A | (not ((lone x2: Int | zero[#A]))) => (((all x3: Int | x3 !in Int[x3])) and (! (#A >= #A)))) } for 2 but 3 Int
