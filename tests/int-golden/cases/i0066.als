sig A {}
sig B {}
pred prop[q: Int] { not (#B != q) }
fact { (some b1: B | prop[#B]) }
check { #Int = 0 } for 2 but 4 Int, 1 A
