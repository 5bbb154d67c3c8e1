sig A { f: Int, k: lone Int }
fact { (sum a3: A | #a3.f) =< 2 }
run { (all x1: Int[#A.k] | (all x2: Int | lt[x1, 0])) } for 4 Int, 2 A
