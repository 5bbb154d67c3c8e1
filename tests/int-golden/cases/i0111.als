open util/integer
sig A { f: Int, g: set Int }
run { no x: Int | x.plus[1] >= 1 } for 1 but 4 Int
