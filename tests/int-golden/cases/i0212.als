lone sig A { f: Int, g: set Int }
run { (one a1: A | (let l2 = (-2 >>> 2) | l2 >= #A)) } for 1 but 3 Int
