open util/integer
sig A {}
sig B {}
pred prop[q: Int] { (let l2 = q.add[1] | one q) }
check { (int[Int[-7]] != mul[-8, -1]) => ((all x1: Int | (prop[3]) || (#B < 0))) } for 2 but 4 Int, exactly 1 B
