open util/integer
sig A { f: Int }
sig B {}
pred prop[q: Int] { (no x1: Int | not (nonneg[min])) }
run { some x: Int | x.div[0] =< -5 } for 4 Int, 3 A, exactly 2 B
