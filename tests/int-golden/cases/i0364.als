lone sig A { k: lone Int }
fact { ((all x3: Int | A.k = -1)) => ((no x4: Int | x4 <= #A)) else ((Int[#A.k] = A.k) iff (#A.k !< #A.k)) }
check { (lone a1: A | (no a2: A | #A =< (A.k))) } for 1 but 3 Int
