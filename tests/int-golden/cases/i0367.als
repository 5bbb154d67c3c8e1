sig A { f: Int, g: set Int }
sig B {}
fact { 1 in Int[1] }
run { (some x1: A.g | (let l2 = 7 | (let l3 = ((x1 < l2) implies #A.g else 3) | (A.f in 7) => (one Int) else (6 = -8)))) } for 3
