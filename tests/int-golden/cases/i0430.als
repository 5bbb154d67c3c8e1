sig A { f: Int }
run { ((some x1: Int | (some x2: Int | x2 not >= x2))) implies (((all x3: Int | one Int[#A.f])) && (eq[-2, #A])) } for 3 but 3 Int, 3 A
