sig A { f: Int, g: set Int }
fun twist[p: Int]: Int { ((sum a6: A | -1)).sub[p.rem[p]] }
fact { (some x4: Int | (some a5: A | Int[x4] = Int[a5.f])) }
run { ((one a1: A | (#a1.g =< #a1.f) and (#a1.g > #A.g))) => ((all x2: Int | (lone x3: Int | x3 not =< x3))) else (nonneg[(0 >>> 1)]) } for 2 Int
