open util/integer
sig A { f: Int, k: lone Int, r: set A }
pred prop[q: Int] { 6 <= #A.r }
fact { (let l1 = min | prop[-8]) }
run { (sum a: A | a.f) < -5 and (all a: A | a.f != 0) } for 2 but 4 Int
