sig A {}
sig B { v: Int }
pred prop[q: Int] { (lone x3: Int | (all x4: Int | #B.v !>= #B)) }
check { ((some x1: Int | (let l2 = 0 | #A !in B.v))) implies (one Int[-9]) } for 3 Int, 3 A, exactly 2 B
