sig A { f: Int }
sig B {}
fun twist[p: Int]: Int { (#B >> 2) }
fact { (all x4: Int | some Int[x4]) }
check { (some b1: B | (lone a2: A | (lone b3: B | 7 =< a2.f))) } for 3
