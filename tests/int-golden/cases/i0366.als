sig A { f: Int, g: set Int, h: A -> Int }
fact { (0 >>> -1) not = ((#A - -2) - 0) }
run { (all x1: Int | (one x2: Int | (all a3: A | (some a4: A | x2 >= #A)))) } for 2 but 3 Int
