open util/integer
sig A { r: set A }
sig B { v: Int }
fun twist[p: Int]: Int { #A.r }
run { (#A.r).next = (((some x1: Int | (all x2, x3: Int | -1 > #B.v))) => ((max << -1) fun/div -1) else (let l4 = (#B.v << 1) | int[Int[l4]])) } for 3 but 2 Int, 3 A, 2 B
