sig A { r: set A }
sig B {}
fact { (all x4: Int | x4 !in -2) }
run { (some a1: A | ((some x2, x3: Int | eq[x2, 0])) or (1 not < #A)) } for 3 but 2 Int, 2 B
