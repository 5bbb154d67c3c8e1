sig A { g: set Int }
run { not (all x: Int | x.plus[1] <= x) } for 2
