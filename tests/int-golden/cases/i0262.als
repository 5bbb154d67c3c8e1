sig A { g: set Int }
check { #Int != 1 } for 3 but 4 Int
