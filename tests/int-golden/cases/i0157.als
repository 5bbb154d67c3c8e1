sig A { f: Int, g: set Int }
fact { (all x4: Int | (one a5: A | (some x6: Int | a5.f !in Int[a5.f]))) }
run { (one x1: Int | (some x2: Int | (some a3: A | 15 =< a3.f))) } for 1 but 5 Int, 1 A
