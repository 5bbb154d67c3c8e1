sig A { f: Int, g: set Int, k: lone Int, r: set A }
check { #Int != 0 } for 1 but 4 Int, 1 A
