open util/integer
sig A { f: Int, g: set Int }
sig B {}
run { (let l1 = (rem[-1, 0]).mul[(-3 >> 0)] | not ((one x2: A.f | #A.f not >= #A.g))) } for 2 but 4 Int
