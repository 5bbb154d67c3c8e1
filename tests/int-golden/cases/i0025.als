open util/integer
sig A { f: Int }
fun twist[p: Int]: Int { ((sum a2: A | #A.f) >>> (p + p)) }
fact { (all a1: A | 2 !<= -3) }
check { ! (#A.f not < (3 fun/sub 16)) } for 1 but 5 Int
