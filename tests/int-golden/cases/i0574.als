open util/integer
some sig A { f: Int, g: set Int }
fact { (no x3: Int | x3.div[2] >= plus[x3, #A]) }
check { (no a1: A | (some a2: A | -2 not =< #a1.g)) } for 3 Int, 2 A
