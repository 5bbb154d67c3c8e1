sig A { f: Int, g: set Int, k: lone Int, r: set A }
check { (let l1 = (sum a2: A | a2.f) | (no a3: A | eq[a3.f, l1])) } for 4 Int
