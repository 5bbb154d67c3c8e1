open util/integer
sig A { f: Int, k: lone Int }
pred prop[q: Int] { ((q < 3) iff (2 >= q)) <=> (q <= q) }
fact { ((#A =< #A.k) || (1 > -33)) => ((1 <= -4) => (-3 =< 2) else (#A in A.k)) else (Int[100] = #A) }
run { (some a1: A | (let l2 = a1.f | l2 < 100)) } for 3 Int, 1 A
