open util/integer
sig A { h: B -> Int, r: set A }
sig B {}
fact { (some x1: Int | (#A > min) => (2 < #B) else (#A.r > x1)) }
run { some x: Int | x.plus[1] < x } for 3 but 4 Int, exactly 3 A, 1 B
