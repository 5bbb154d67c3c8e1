some sig A { g: set Int }
pred prop[q: Int] { (eq[q, q]) iff (! (q = q)) }
fact { prop[(-3 + -3)] }
run { ((let l1 = sub[-33, 2] | l1) != add[(sum n2: A.g | n2), (sum a3: A | #A)]) => ((lone x4: Int | x4 > (x4 >> #A.g))) } for 2 but 3 Int, 2 A
