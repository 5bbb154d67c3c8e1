sig A { f: Int, g: set Int }
fact { zero[div[#A.f, #A.f]] }
check { all x: Int | x.mul[2].div[2] = x } for 3 Int
