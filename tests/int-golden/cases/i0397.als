sig A { g: set Int }
check { (some disj x1, x2: Int | gte[(#A.g).mul[x2], (x1 >>> x2)]) } for 3 but 3 Int
