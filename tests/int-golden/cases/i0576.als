sig A { k: lone Int }
pred prop[q: Int] { (sum n4: 2 | #A.k) < q }
run { (all a1: A | ((-2 >= #A.k) && (#A in A.k)) => ((lone x2: {c3: Int | #A != 14} | pos[x2])) else ((lte[-3, 0]) && (#A =< 1))) } for 5 Int
