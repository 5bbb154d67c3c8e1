sig A { f: Int, r: set A }
fact { (some x3, x4: Int | ! (x3 =< -7)) }
run { (no x1: Int | (some x2: Int | x1 =< #A)) } for 3 but 4 Int
