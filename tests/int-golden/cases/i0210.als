sig A { f: Int }
sig B { v: Int }
fact { (-4 >= #B.v) iff ((pos[#B.v]) || (#A <= 0)) }
run { (some x1: Int | (one b2: B | (#b2.v >= #B) <=> (x1 >= #B.v))) } for 3 but 3 Int
