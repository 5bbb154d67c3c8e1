open util/integer
sig A { f: Int, h: B -> Int }
sig B {}
fact { (lone x1: Int | x1 >= #B) }
run { not (all x: Int | x.plus[1] > x) } for 3 but 4 Int, exactly 1 B
