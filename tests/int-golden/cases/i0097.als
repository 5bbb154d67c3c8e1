sig A { k: lone Int, r: set B }
sig B { v: Int }
fun twist[p: Int]: Int { ((not (lt[-1, p])) => (let l4 = 14 | 2) else p) }
fact { not ((14 !<= 3) || (-16 =< -1)) }
fact { ! ((B.v = 3) and (Int[#A.k] != B.v)) }
run { (all x1, x2: Int | (some a3: A | not (nonpos[x1]))) } for 3 but 5 Int, 3 A, 1 B
