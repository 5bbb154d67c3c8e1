sig A { f: Int, g: set Int }
sig B {}
check { (one a1: A | ((all x2: Int | (#A < 0) => (x2 >= x2) else (some Int[#A]))) || ((! (-1 not >= a1.f)) iff ((all x3: Int | -2 = a1.f)))) } for 3 but 2 Int, 2 B
