sig A { f: Int, r: set A }
sig B { v: Int }
check { all x, y: Int | larger[x, y] =< x } for 2 but 5 Int
