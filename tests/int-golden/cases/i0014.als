lone sig A { g: set Int }
some sig B { v: Int }
run { (lone x1: Int | #B =< x1) } for 2 but 4 Int, 1 A
