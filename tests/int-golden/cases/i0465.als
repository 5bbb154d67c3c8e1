open util/integer
lone sig A { f: Int, g: set Int, k: lone Int }
fact { (-2 not < #A.g) and ((some a1: A | #A.g = a1.f)) }
run { (#A).plus[#A] < #A } for 3 Int, 1 A
