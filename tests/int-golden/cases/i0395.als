open util/integer
sig A {}
run { (one x1: 2.prev | ! ((x1 = 1) <=> (min not in -1))) } for 2 but 4 Int
