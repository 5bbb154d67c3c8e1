open util/integer
sig A { f: Int }
run { (some a1: A | ! ((let l2 = (-9).add[2] | (no x3: Int | -2 > l2)))) } for 3 Int, 2 A
