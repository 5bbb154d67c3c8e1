sig A {}
sig B {}
fun twist[p: Int]: Int { ((p fun/add p) >>> 1) }
fact { (let l1 = (let l2 = #A | #B) | (#A not = 0) <=> (no Int[0])) }
fact { (lone x3: Int | x3 > -1) }
run { some x: Int | x.plus[-1] < x } for 3 but 2 Int, 2 B
