sig A {}
lone sig B {}
fact { #A > 2 }
check { (some disj x1, x2: Int | (x2 > x2) => ((some x3: Int | #A >= #B)) else ((6 = #B) and (#A not < x1))) } for 2 but 4 Int, exactly 1 B
