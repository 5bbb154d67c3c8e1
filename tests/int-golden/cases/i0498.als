sig A { f: Int }
sig B {}
fun twist[p: Int]: Int { (p.next >>> 3) }
run { ((some b1: B | (no x2: Int | x2 >= 2))) iff ((let l3 = ((0 not =< -16) implies 2 else -15) | l3 != -1)) } for 2 but 5 Int
