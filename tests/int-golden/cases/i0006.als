sig A { f: Int }
fact { (-1 - -2) >= signum[#A.f] }
fact { (all x8: Int | (all x9: Int | -16 = -15)) }
check { ((all x1: (A.f - 1) | (let l2 = (0 + -16) | (let l3 = l2 | A.f != l3)))) => ((sub[-1, #A.f]).prev = (let l4 = 14 | (#A).rem[l4])) else (((some a5: A | a5.f > a5.f)) => (((no a6: A | 15 < a6.f)) && (#A.f !>= #A.f)) else (((no x7: Int | nonpos[x7])) and (gte[15, #A]))) } for 2 but 5 Int
