sig A { f: Int, k: lone Int, r: set A }
sig B {}
fact { ((some x3: Int | x3 != x3)) => ((all x4: Int | x4 <= 1)) else ((some b5: B | -2 =< 1)) }
fact { (let l6 = #A.k | no l6) }
run { (some x1: Int | (no x2: Int | x1 in Int)) } for 2 but 4 Int, exactly 1 A
