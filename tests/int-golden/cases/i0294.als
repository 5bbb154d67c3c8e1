sig A { f: Int, g: set Int }
sig B { v: Int }
fun twist[p: Int]: Int { (let l7 = (#A >> 3) | (l7 fun/add 2)) }
run { ((not (#B.v !in B.v)) iff ((all x1: Int | pos[#A.g]))) => ((some b2: B | (all disj x3, x4: Int | -1 != b2.v))) else (((no a5: A | #A.g = a5.f)) => ((all a6: A | nonpos[-7])) else (! (some Int[-2]))) } for 4 Int
