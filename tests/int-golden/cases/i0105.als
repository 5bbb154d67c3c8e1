sig A { g: set Int }
sig B {}
fact { (lone b1: B | ((some disj x2, x3: Int | A.g != Int)) implies (7 =< #A.g)) }
fact { (all x4: Int | nonneg[x4]) }
run { some x: Int | x.div[0] < -2 } for 4 Int, exactly 3 A, exactly 3 B
