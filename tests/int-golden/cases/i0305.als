sig A {}
fact { not ((some x4, x5: Int | (lone x6: Int | x4 < x5))) }
check { (one a1: A | (one a2: A | (all a3: A | one Int[-9]))) } for 2 but 4 Int
