sig A { f: Int, k: lone Int, h: B -> Int }
some sig B {}
run { (lone b1: B | (no x2: Int | x2.div[x2] in {c3: Int | #A != c3})) } for 3 but 4 Int, 2 A
