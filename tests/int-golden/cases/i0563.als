sig A { g: set Int }
fact { (one a3: A | 3 <= #A) }
check { (all disj x1, x2: Int | int[A.g] != x2) } for 3 but 3 Int
