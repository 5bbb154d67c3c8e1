lone sig A { f: Int, r: set A }
sig B { v: Int }
fact { (some x1: Int | (lone a2: A | x1 not > #B.v)) }
fact { ((2 <= -4) <=> (3 not >= -3)) <=> (#A.f =< 3) }
check { all x: Int | x.mul[-1].div[-1] = x } for 1 but 3 Int
