lone sig A { g: set Int, k: lone Int }
check { #Int = 0 } for 1 but 5 Int
