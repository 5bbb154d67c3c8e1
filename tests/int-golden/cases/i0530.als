open util/integer
sig A { g: set Int, k: lone Int, f: Int }
sig B { v: Int }
fact { (some x1: Int | x1 =< x1) }
fact { all a: A | a.f < 0 }
check { (sum a: A | a.f.rem[1]) > max } for 2 Int, exactly 2 A, exactly 2 B
