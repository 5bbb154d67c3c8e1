open util/integer
lone sig A { k: lone Int }
sig B {}
check { all x: Int | (x >> 1) >> 1 = x } for 3 but 5 Int, 1 A
