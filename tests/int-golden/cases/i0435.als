sig A { f: Int, k: lone Int, h: A -> Int }
fact { 8 =< (sum a4: A | 3) }
run { (all a1: A | (some x2: Int | (one x3: Int | #A !in Int[-3]))) } for 3 but 3 Int
