sig A { f: Int }
sig B {}
fact { (-1 >= 8) => (#A !>= 2) else (A.f = Int) }
fact { (one x1: Int | x1 !in A.f) }
check { all x: Int | (x >>> 1) >>> 1 = x } for 3 but 3 Int, 3 A, exactly 1 B
