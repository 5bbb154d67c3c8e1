sig A { h: A -> Int }
fact { (#A.(A.h) >> 1) =< add[-3, #A.(A.h)] }
fact { (let l2 = larger[8, -1] | (one x3: Int | 1 !< x3)) }
run { ! ((all x1: Int | (x1 >>> -8) < 9.next)) } for 4 Int, 1 A
