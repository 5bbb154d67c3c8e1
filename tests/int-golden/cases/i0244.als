open util/integer
sig A { f: Int, h: A -> Int, r: set A }
run { ! ((one x1: Int | (one x2: Int | x2 !in x1))) } for 2 Int, exactly 1 A
