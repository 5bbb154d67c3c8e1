sig A { f: Int }
fact { (all x11, x12: Int | (lone x13: Int | x12 = x13)) }
fact { ((some a14: A | gte[a14.f, -3])) iff ((some a15: A | a15.f < a15.f)) }
check { (((all x1: Int | (lone x2: Int | 0 in Int))) && (((some a3: A | #A.f =< a3.f)) implies ((one a4: A | -3 = a4.f)))) => ((all disj x5, x6: Int | sub[x6, x6] not in x5)) else (not (((some a7: A | lone a7.f)) => ((all x8, x9: Int | 9 <= x9)) else ((lone x10: Int | #A.f < x10)))) } for 1 but 3 Int, 1 A
