sig A { f: Int }
fact { (some a3: A | (no x4: Int | a3.f != a3.f)) }
run { (some x1: Int | (all a2: A | x1 <= (-3).add[x1])) } for 4 Int, exactly 2 A
