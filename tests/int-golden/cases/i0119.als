open util/integer
sig A { f: Int }
sig B {}
run { (no x1: Int | (one x2: Int | Int in A.f)) } for 3 but 5 Int, 2 A
