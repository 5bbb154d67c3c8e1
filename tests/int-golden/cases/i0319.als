sig A { f: Int, g: set Int, k: lone Int, r: set A }
fact { (all x3: Int | x3 !< #A) }
fact { (some x4: Int[-2] | (some x5: Int[x4] | 1 <= x4)) }
run { (lone x1: Int | (let l2 = (A.k) | (l2 = x1) && (#A.f =< #A.g))) } for 2 Int
