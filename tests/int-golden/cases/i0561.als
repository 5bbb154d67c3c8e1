sig A { f: Int, r: set A }
check { ((no a1: A | (some x2: Int | Int[3] != x2))) => ((let l3 = int[Int[#A]] | 1 != l3)) else (! ((all x4: Int[max] | min not in Int[x4]))) } for 1 but 3 Int
