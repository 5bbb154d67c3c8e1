open util/integer
sig A { f: Int }
fact { ((some a1: A | a1.f > a1.f)) => ((Int[-3] = Int[1]) <=> (#A.f > 2)) else (-1 > max) }
check { no x: Int | x.plus[1] < 1 } for 2 but 3 Int
