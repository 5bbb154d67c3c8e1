sig A { f: Int }
pred prop[q: Int] { q.signum > (15 >> -2) }
fact { (some x1: Int | (one x2: Int | (some a3: A | x2 !<= 2))) }
run { (#A).plus[#A] = #A } for 2 but 5 Int
