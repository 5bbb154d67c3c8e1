open util/integer
sig A { f: Int, g: set Int, r: set A }
sig B { v: Int }
pred prop[q: Int] { (let l1 = (q + #B) | (all x2, x3: Int | #A.f >= 0)) }
fact { min >= 5 }
check { #A <= 2 } for 3 but 2 Int, 2 B
