open util/integer
sig A { g: set Int, k: lone Int }
run { not (all x: Int | x.mul[0] <= x) } for 2 Int
