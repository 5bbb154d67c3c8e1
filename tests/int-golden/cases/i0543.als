sig A { f: Int }
fun twist[p: Int]: Int { ((p << p) fun/mul (#A.f).div[p]) }
fact { (one x1: Int | (all x2: Int[-16] | #A.f = #A.f)) }
fact { (let l3 = 2 | #A) not > (sum a4: A | a4.f) }
check { all x: Int | x.div[-1] = negate[x] } for 2 but 5 Int, 2 A
