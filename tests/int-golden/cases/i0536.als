sig A {}
fact { (one a1: A | pos[#A]) }
fact { (no a2: A | lt[#A, #A]) }
run { #A >= 16 } for 3 but 5 Int
