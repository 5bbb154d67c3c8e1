open util/integer
sig A { f: Int }
sig B { v: Int }
fact { (all b1: B | (#B.v = b1.v) => ((some disj x2, x3: Int | nonneg[x3])) else (A.f = A.f)) }
fact { (lone x4: Int | nonpos[x4]) }
check { all x: Int | x.plus[-1] > x } for 5 Int, 1 A, 2 B
