sig A { f: Int, g: set Int }
pred prop[q: Int] { (#A.g).minus[#A] > (sum n3: A.g | min) }
check { (one x1: A.f | (some a2: A | x1 not = x1)) } for 2
