sig A { f: Int }
pred prop[q: Int] { zero[#A.f] }
check { all x: Int | x.mul[3].div[3] = x } for 2 but 2 Int, 2 A
