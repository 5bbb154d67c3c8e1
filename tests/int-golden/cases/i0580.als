open util/integer
sig A { f: Int, r: set A }
pred prop[q: Int] { (no x3: Int | (some x4: Int | -1 < 7)) }
check { ((#A.r fun/add (sum n1: A.f | -3))).minus[div[larger[#A.f, 0], 2.add[max]]] > (((sum a2: A | a2.f)).div[#A.f]).add[-1] } for 2
