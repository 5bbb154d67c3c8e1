open util/integer
sig A { r: set B }
sig B {}
pred prop[q: Int] { (Int[q] = Int[-1]) or (q =< q) }
fact { (all x4: Int | (lone b5: B | 9 != x4)) }
fact { (one a6: A | #B !< -1) }
run { (no x1: Int | (some a2: A | (all b3: B | x1 =< 0))) } for 3 but 4 Int, exactly 1 A
