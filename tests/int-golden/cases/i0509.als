sig A { g: set Int }
sig B {}
fact { ! ((#A !in -2) || ((let l1 = -1 | A.g in l1))) }
run { ! (1.div[#A.g] >= (-2 fun/mul 1)) } for 2 Int, 3 A, 3 B
