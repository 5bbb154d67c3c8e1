some sig A { f: Int, g: set Int, k: lone Int }
fact { (no x1: Int | (lone x2: Int | x1 = Int[x2])) }
fact { (some Int[3]) <=> (((some disj x3, x4: Int | 0 =< x4)) => ((Int[#A] = -1) && (eq[#A.g, 3])) else (3 <= #A)) }
run { some x: Int | x.rem[0] >= 2 } for 2 but 3 Int, exactly 2 A
