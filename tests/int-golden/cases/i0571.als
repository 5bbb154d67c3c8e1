some sig A { f: Int }
fact { (all a5: A | (#A >= a5.f) iff (#a5.f !in A.f)) }
run { (all a1: A | ((let l2 = 2.sub[a1.f] | (a1.f <= a1.f) <=> (-1 = a1.f))) implies ((all x3, x4: Int | x3 not >= a1.f))) } for 2 but 2 Int, 2 A
