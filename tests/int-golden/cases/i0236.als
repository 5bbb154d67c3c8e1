sig A { g: set Int }
sig B { v: Int }
run { ((some disj x1, x2: Int | (one b3: B | Int[b3.v] = x1))) => ((some x4: Int | (some x5: Int | lone x4))) else (#A <= smaller[#B, #B]) } for 2 but 5 Int, exactly 2 A, 1 B
