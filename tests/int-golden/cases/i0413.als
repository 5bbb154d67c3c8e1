sig A { f: Int, g: set Int }
sig B {}
fact { ((no x1: Int | x1 in Int[max])) and ((all x2: (A.g + A.g) | x2 !< x2)) }
fact { #B not =< (#A.g).rem[-3] }
check { all x: Int | x < 0 iff negate[x] > 0 } for 3 but 2 Int, exactly 3 A
