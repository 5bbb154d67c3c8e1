lone sig A { f: Int }
sig B {}
pred prop[q: Int] { (let l1 = -3 | 6) != (q fun/rem q) }
check { all x: Int | x < 0 iff negate[x] > 0 } for 4 Int, exactly 1 A, 2 B
