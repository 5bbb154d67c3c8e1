sig A { g: set Int }
pred prop[q: Int] { (all a2: A | (all x3: Int | -3 !<= q)) }
check { gte[add[(sum n1: A.g | #A), -2], ((A.g)).minus[((lt[-16, #A.g]) => #A.g else 1)]] } for 3 but 5 Int
