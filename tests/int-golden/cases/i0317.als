open util/integer
sig A { r: set A }
pred prop[q: Int] { (lone -1) => ((q >= q) implies (lt[-33, #A])) else ((all x3: (q & 1) | q > x3)) }
fact { (let l1 = (-4).prev | (no x2: Int | one x2)) }
run { #A < 3 } for 3 but 3 Int
