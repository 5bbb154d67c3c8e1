open util/integer
sig A { f: Int, r: set A }
run { some x: Int | x.rem[0] >= 1 } for 1 but 2 Int
