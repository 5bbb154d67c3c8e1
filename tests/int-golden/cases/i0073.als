lone sig A { f: Int }
fact { (all a3: A | (let l4 = a3.f | a3.f not < a3.f)) }
run { (some x1: Int | (one x2: Int | x1 = x1)) } for 1 but 3 Int
