some sig A { f: Int, g: set Int, r: set A }
fun twist[p: Int]: Int { (sum n4: A.f | 0) }
fact { (all a2: A | (all x3: a2.g | a2.f <= 0)) }
run { (some a1: A | (neg[a1.f]) || (Int[a1.f] in Int[-2])) } for 3 but 4 Int, exactly 3 A
