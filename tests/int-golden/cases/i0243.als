sig A { f: Int, g: set Int }
fact { ((let l3 = -7 | -9 <= l3)) and (nonneg[#A.f]) }
fact { (all x4: Int | (some x5: Int | #A < 6)) }
check { ((no x1: Int | 1 != x1)) implies (((some x2: Int | x2 not in A.g)) <=> (not (6 != #A.g))) } for 3
