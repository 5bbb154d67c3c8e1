sig A { f: Int, k: lone Int }
fact { (all disj x3, x4: Int | -1 =< x4) }
run { (lone a1: A | (all x2: Int | 2 <= #a1.k)) } for 3
