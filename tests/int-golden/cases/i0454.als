sig A { f: Int, g: set Int }
sig B { v: Int }
fact { ((let l1 = 1 | l1)).mul[(#A.g).minus[1]] = rem[((-1 not = -1) => -1 else #B), (max + 1)] }
fact { gt[(int[Int[0]] >> -1), (0 - 0.plus[-1])] }
run { ! ((-2 > #A.f) => (1 > #A) else (A.g = Int[0])) } for 3 but 2 Int, 2 B
