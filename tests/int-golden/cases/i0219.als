open util/integer
sig A { g: set Int, f: Int }
sig B { v: Int }
fun twist[p: Int]: Int { (p.div[2]).prev }
fact { twist[-1] !>= int[A.f] }
fact { Int[14] != -2 }
run { (sum a: A | a.f) != -4 and (all a: A | a.f != 8) } for 1 but 5 Int
