open util/integer
sig A { f: Int, g: set Int }
sig B {}
pred prop[q: Int] { 3.prev != (sum a4: A | q) }
check { (all x1: Int | ((all x2: Int | x2 != A.f)) => ((all b3: B | min !in x1)) else ((3 not >= x1) => (#A.g =< -2) else (#A.f != #A.f))) } for 3 but 3 Int, exactly 2 A, 3 B
