sig A { f: Int, g: set Int, k: lone Int }
run { no x: Int | x.mul[-1] != 0 } for 3 but 4 Int
