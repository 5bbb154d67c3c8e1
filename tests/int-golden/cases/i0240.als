open util/integer
sig A { f: Int, r: set A }
sig B { v: Int }
fact { (let l2 = -3 | (2 < #B.v) || (l2 = #B.v)) }
run { ((-3 >>> 2) fun/div (-8).rem[#B]) >= (let l1 = (#A.r + #B) | (#A.r).signum) } for 4 Int, exactly 3 A, 2 B
