open util/integer
sig A { f: Int }
fact { (lone x7: Int | (no A.f) and ((lone a8: A | A.f = 14))) }
run { ((lone a1: A | (some x2: (a1.f).prev | (all a3: A | a3.f >= a3.f)))) => ((some x4: Int | (lone x5: A.f | (all a6: A | a6.f =< a6.f)))) } for 1 but 5 Int
