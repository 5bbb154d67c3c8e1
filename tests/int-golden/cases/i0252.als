open util/integer
sig A { f: Int, k: lone Int }
run { ((sum a1: A | a1.f) >= (3 >>> -1)) <=> (((max >= 3) => (A.f = -4)) || ((all x2, x3: Int | x2 not = x3))) } for 3 Int, exactly 1 A
