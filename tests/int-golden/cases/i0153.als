sig A { f: Int, h: B -> Int }
sig B {}
run { (some x1: A.f | (no x2: B.(A.h) | (x1 <= 2) => (#A >= x1))) } for 3 but 3 Int, 3 B
