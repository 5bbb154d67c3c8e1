sig A { f: Int, k: lone Int, h: B -> Int }
sig B {}
fun twist[p: Int]: Int { (((all a3: A | no p)) implies (let l4 = p | -33) else ((p <= -3) implies p else -3)) }
check { (all disj x1, x2: Int | ! (lt[x2, x1])) } for 1 but 3 Int, 1 A
