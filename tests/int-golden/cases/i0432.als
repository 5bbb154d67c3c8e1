sig A { f: Int }
sig B {}
fact { ((some x3: {c4: Int | c4 > -1} | x3 in A.f)) <=> ((all x5: Int[-1] | x5 > -1)) }
check { (lone x1: Int[-1] | (some a2: A | (a2.f >>> 0) =< x1)) } for 3 but 2 Int
