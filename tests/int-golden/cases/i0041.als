sig A { f: Int, g: set Int }
run { (let l1 = ((0.add[#A.f] + int[A.f]) >>> add[plus[#A, #A.g], smaller[-3, #A]]) | ((some a2: A | (lone x3: a2.f | l1 !>= x3))) or ((#A.g >>> 2) not =< (#A.g).minus[3])) } for 2 but 3 Int
