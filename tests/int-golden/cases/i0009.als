sig A { f: Int, g: set Int, h: B -> Int }
sig B {}
fact { (sum n3: Int | -2) not =< ((one Int[3]) => -2 else 100) }
run { not ((lone x1: Int[-3] | (all x2: Int[3] | #B =< x1))) } for 3 but 3 Int, 2 A
