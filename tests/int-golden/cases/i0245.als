sig A { f: Int, g: set Int, k: lone Int }
sig B { v: Int }
fun twist[p: Int]: Int { p }
fact { (-1 fun/rem -2) not in Int[#A.f] }
fact { (one Int) <=> (#A >= #A) }
check { minus[(((#A.f not > 1) => (0 = 3)) => max.prev else ((lone Int[#B]) implies 0 else 1)), (twist[#A.k]).sub[max[Int[1]]]] != #A } for 2 but 2 Int, 1 A, exactly 2 B
