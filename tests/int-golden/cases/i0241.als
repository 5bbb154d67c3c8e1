open util/integer
sig A { f: Int, g: set Int, k: lone Int, r: set A }
fact { (some x1, x2: Int | Int[x2] != -8) }
fact { (all x3: Int | x3 =< -8) }
run { -2 != (-7 >> -1) } for 2
