open util/integer
lone sig A {}
sig B {}
run { (lone x1: Int | int[Int] <= (sum n2: x1 | int[n2])) } for 2 but 4 Int, exactly 1 A, 2 B
