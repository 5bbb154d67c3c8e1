open util/integer
sig A {}
sig B { v: Int }
fact { (all x3, x4: Int | (-5 >>> 0) not =< (let l5 = x4 | l5)) }
check { (no x1: Int[-3] | (all x2: Int | -1 !in Int[x1])) } for 3 Int, exactly 2 A, exactly 2 B
