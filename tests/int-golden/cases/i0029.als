sig A { f: Int }
lone sig B { v: Int }
fact { (#B > -2) and (-2 > #B) }
fact { ! ((no a3: A | #B.v =< -3)) }
check { (some disj x1, x2: Int | B.v = #A) } for 2 but 4 Int, 1 B
