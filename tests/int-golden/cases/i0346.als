lone sig A { g: set Int, f: Int }
pred prop[q: Int] { (let l1 = q.rem[-3] | (l1 <= -33) => (q <= 1) else (-9 <= #A)) }
fact { ((1 <= -8) || (prop[2])) or (#A.g =< 7) }
fact { all a: A | a.f > 0 }
check { (sum a: A | a.f.plus[1]) <= 0 } for 1 but 4 Int
