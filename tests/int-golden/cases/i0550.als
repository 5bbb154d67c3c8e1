sig A { f: Int, g: set Int }
pred prop[q: Int] { (all x1: Int | #A.f =< #A) }
fact { 0 <= #A.g }
run { #A >= 7 } for 1 but 4 Int
