sig A {}
lone sig B {}
pred prop[q: Int] { (some x3: Int | (one x4: Int | #B = 3)) }
check { (all x1: Int | (some b2: B | max = -4)) } for 2 but 3 Int, 1 B
