sig A { f: Int, g: set Int, r: set A }
run { (some a1: A | (lone a2: A | nonpos[a2.f])) } for 3 Int, 3 A
