open util/integer
sig A { g: set Int, h: B -> Int }
sig B { v: Int }
fact { (one b3: B | (gte[#A, b3.v]) => (b3.v > 1) else (b3.v <= #A.g)) }
run { (lone b1: B | (no b2: B | b2.v =< 6)) } for 3 but 4 Int, 2 A
