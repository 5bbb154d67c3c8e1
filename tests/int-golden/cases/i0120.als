sig A { f: Int }
sig B {}
fun twist[p: Int]: Int { (#B >>> 1) }
fact { ((some x1, x2: Int | not (1 = x1))) => (#A.f !< 15) else ((all b3: B | (all a4: A | -3 >= #B))) }
run { 15.add[-15] < ((#A.f <= #A) implies 0 else 17) } for 2 but 5 Int, 2 A
