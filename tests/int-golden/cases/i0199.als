sig A { f: Int }
fact { (let l1 = (#A.f + #A) | one l1) }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 3 Int
