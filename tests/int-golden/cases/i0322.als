sig A { f: Int, g: set Int }
fact { (all disj x1, x2: Int | one A.g) }
fact { (lone x3: Int | x3 > x3) }
check { #Int = 16 } for 1 but 4 Int
