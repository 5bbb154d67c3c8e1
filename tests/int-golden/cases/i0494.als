sig A { f: Int }
pred prop[q: Int] { ((some x2: Int | #A != #A)) => (-2 < #A.f) else ((some a3: A | a3.f not >= q)) }
fact { (A.f & -33) != Int[0] }
fact { (let l1 = (#A).minus[div[-15, 3]] | (l1 !in A.f) iff (neg[#A.f])) }
run { (sub[0, 0] << -3) < negate[-1] } for 1 but 5 Int, 1 A
