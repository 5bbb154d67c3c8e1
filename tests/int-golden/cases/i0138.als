sig A { f: Int, g: set Int }
fun twist[p: Int]: Int { (((all x2: Int | #A.f =< x2)) implies (sum n3: p | p) else p) }
pred prop[q: Int] { (no a4: A | a4.f = q) }
run { (no x1: Int | (((#A.f = x1) => 9 else x1)).next in Int[(#A.g fun/mul x1)]) } for 3 but 3 Int
