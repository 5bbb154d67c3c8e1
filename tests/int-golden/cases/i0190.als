sig A { f: Int, g: set Int, k: lone Int }
run { one 7 } for 3 but 4 Int
