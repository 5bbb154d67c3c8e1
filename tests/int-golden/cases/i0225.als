sig A { f: Int }
fact { ((A.f = #A) implies (A.f in Int[#A.f])) <=> (-15 not =< max) }
fact { #A >= 1.div[14] }
check { (sum n1: A.f | signum[n1]) != (((all x2: Int | A.f = Int[x2])) => ((Int[-3] != #A.f) => #A else 17) else (-15).rem[1]) } for 3 but 5 Int
