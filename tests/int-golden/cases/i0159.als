sig A {}
sig B {}
pred prop[q: Int] { (-1).plus[q] != (q + q) }
fact { (one a1: A | #A not =< #A) }
check { all x: Int | x < 0 iff negate[x] > 0 } for 3 but 5 Int, 2 A, exactly 3 B
