open util/integer
sig A { f: Int }
sig B { v: Int }
pred prop[q: Int] { ((no B.v) iff (-3 not = q)) => (#B.v = q) }
fact { (some a1: A | ! (a1.f =< a1.f)) }
check { #Int > 0 } for 4 Int, 2 A, exactly 3 B
