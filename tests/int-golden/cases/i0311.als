sig A {}
sig B {}
fact { (some x2: Int | (some b3: B | Int[-1] != x2)) }
fact { (prevs[2] & Int) != #B }
run { (some x1: Int | (x1 < x1) && (3 =< x1)) } for 2 but 4 Int, 1 B
