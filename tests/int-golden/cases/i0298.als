open util/integer
sig A { f: Int, k: lone Int }
sig B {}
fact { (no x1: Int | x1 =< 7) }
fact { (A.k) =< #A.k }
run { some x: Int | x.div[0] < 4 } for 2 but 4 Int
