sig A { f: Int, g: set Int, k: lone Int }
run { not ((some a1: A | 0 not = 7)) } for 4 Int, 2 A
