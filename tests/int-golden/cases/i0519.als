sig A { f: Int, g: set Int }
fact { (lone a4: A | max = a4.f) }
check { (let l1 = signum[-1] | (some x2, x3: Int | 15 in l1)) } for 5 Int, 3 A
