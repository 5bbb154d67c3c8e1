sig A { f: Int }
sig B { v: Int }
run { ((lone x1: Int | x1 = -3)) iff (((lone x2: Int[#B] | #B.v != x2)) implies ((6 != -7) || (1 not in Int[16]))) } for 4 Int, exactly 1 A, 2 B
