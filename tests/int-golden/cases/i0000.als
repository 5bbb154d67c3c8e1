sig A { h: B -> Int }
lone sig B {}
fact { (-2 - Int) in B.(A.h) }
fact { ! (min =< 0) }
check { (#A != #B.(A.h)) => ((#B <= -2) implies (#A not = 2)) } for 3 but 3 Int, 3 A, 1 B
