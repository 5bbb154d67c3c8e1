sig A { f: Int }
some sig B {}
pred prop[q: Int] { (some b4: B | q != A.f) }
fact { (lone x1: Int | (some x2: Int | x2 = Int[x2])) }
fact { (some x3: nexts[2] | one Int[#A.f]) }
check { all a, b: A | (a.f > 0 and b.f > 0) implies plus[a.f, b.f] > a.f } for 3 but 3 Int, 2 B
