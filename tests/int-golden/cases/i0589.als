open util/integer
sig A { f: Int }
fact { (some a1: A | (some a2: A | #A.f not =< #A.f)) }
fact { (one x3: Int | 3 = x3) }
run { some x: Int | x.plus[1] < x } for 5 Int
