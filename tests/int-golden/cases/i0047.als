open util/integer
sig A { f: Int }
fact { ((one x1: Int | A.f != #A)) => (-1 >= 1) else ((let l2 = 0 | nonneg[#A.f])) }
check { #Int = 0 } for 5 Int, 2 A
