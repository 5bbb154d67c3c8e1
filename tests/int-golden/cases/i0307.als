sig A {}
fact { (one x1: Int[max] | (some x2: Int | x2 = #A)) }
check { #A < 7 } for 2 but 4 Int
