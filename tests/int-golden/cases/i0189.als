open util/integer
sig A {}
sig B { v: Int }
pred prop[q: Int] { q.div[1] > (sum a2: A | q) }
fact { (some x1: Int | prop[sub[-2, -1]]) }
check { all x: Int | x.rem[1].plus[x.div[1].mul[1]] = x } for 3 but 2 Int, 1 A, exactly 3 B
