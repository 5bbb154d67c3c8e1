sig A { f: Int, h: A -> Int, r: set A }
fact { (some a1: A | ((A.f != a1.f) iff (3 = a1.f)) => ((lone a2: A | Int[14] = a1.f))) }
fact { (let l3 = ((#A.f < 1) implies #A.r else 3) | (l3 fun/div 2)) not =< -2 }
check { #Int = 1 } for 2 but 5 Int
