sig A { g: set Int }
fact { (all a5: A | -15 =< (max << 3)) }
run { (all x1, x2: Int | (((all a3: A | x2 > #A.g)) implies (! (x2 <= -2))) and ((some a4: A | neg[-3]))) } for 2 but 5 Int
