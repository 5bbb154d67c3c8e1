open util/integer
sig A { f: Int, g: set Int }
fact { (all x6: Int | x6 != x6) }
fact { (all a7: A | (lone x8: 1 | (x8 not > x8) => (-15 not > #A) else (#A <= x8))) }
run { (all a1: A | ((pos[#a1.f]) => (-16 =< -3) else (a1.f >= -3)) => ((some x2, x3: Int | max < #A)) else ((some disj x4, x5: Int | x4 < #A))) } for 2 but 5 Int, 2 A
