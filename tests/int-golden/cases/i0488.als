sig A { k: lone Int, r: set A }
sig B {}
pred prop[q: Int] { ! ((lone b6: B | #A.r = -1)) }
fact { (let l3 = 7 | -2) != div[100, 6] }
fact { (some x4: Int | (x4 fun/mul x4) <= (let l5 = -3 | x4)) }
check { (all b1: B | (no x2: Int | x2 >= x2)) } for 3 but 4 Int, 1 A
