open util/integer
sig A { r: set A }
fun twist[p: Int]: Int { -8 }
fact { (all a1: A | (let l2 = -3 | one l2)) }
check { twist[#A] > (max.plus[7] + (-8).next) } for 2 but 4 Int
