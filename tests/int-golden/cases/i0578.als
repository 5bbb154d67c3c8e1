sig A { f: Int }
lone sig B {}
pred prop[q: Int] { (one a6: A | #B != q) }
fact { (all disj x3, x4: Int | A.f in A.f) }
fact { (let l5 = ((9 >= 6) => -2 else 0) | l5 = l5) }
run { (all x1: Int | (lone x2: Int | (x1 != x1) or (#A.f <= x2))) } for 3 but 4 Int, 1 B
