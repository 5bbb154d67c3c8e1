sig A {}
fun twist[p: Int]: Int { (min[Int[6]] << sub[8, #A]) }
fact { (some a2: A | (one a3: A | (6 in Int[#A]) => (#A !> #A) else (#A =< 17))) }
run { (((all a1: A | #A > 3)) iff (! (2 =< 6))) iff (! (7 = #A)) } for 2 but 4 Int, exactly 2 A
