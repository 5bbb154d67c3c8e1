sig A { f: Int, h: A -> Int }
fact { (some x5: Int | (one x6: Int | -3 > x5)) }
check { (all a1: A | (no x2: Int | (all disj x3, x4: Int | x3 = #A))) } for 2
