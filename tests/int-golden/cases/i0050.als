sig A { f: Int }
fact { (#A.f >= -2) <=> (#A =< #A) }
fact { -1 =< (-2 + 2) }
run { (let l1 = (-5).prev | (lone a2: A | Int[#A] != l1)) } for 2 Int, 3 A
