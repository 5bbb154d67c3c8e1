open util/integer
sig A {}
sig B {}
fun twist[p: Int]: Int { ((0 + #B)).minus[p.mul[p]] }
fact { (lone x2: Int | (x2 in Int[#A]) => (nonpos[x2]) else (no Int[x2])) }
check { (all a1: A | Int[-15] in (#B).next) } for 3 but 5 Int
