sig A { f: Int, h: A -> Int }
run { (some a1: A | (a1.f).next >= (#A.(a1.h) >> -2)) } for 2 Int, 3 A
