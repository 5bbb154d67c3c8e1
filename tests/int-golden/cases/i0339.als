sig A { f: Int, g: set Int }
pred prop[q: Int] { #A =< q }
fact { (no x1: Int | (some x2, x3: Int | x3 <= #A)) }
fact { nonpos[(-2).add[-17]] }
fact { all a: A | a.f >= 0 }
check { (all a: A | a.f >= 0) implies (sum a: A | a.f) >= 0 } for 2 but 4 Int
