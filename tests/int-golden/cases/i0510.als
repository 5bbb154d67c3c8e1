sig A { f: Int }
sig B {}
run { (let l1 = (-2).div[#B] | (lone x2: Int | 0 not >= l1)) } for 3 but 5 Int, 2 B
