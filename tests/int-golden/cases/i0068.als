sig A { g: set Int, k: lone Int }
sig B { v: Int }
pred prop[q: Int] { not (gte[-1, -2]) }
run { ((some b1: B | (0 =< b1.v) => (#A.k = -16) else (#B != #A))) => (((16 < -16) implies (no Int[-3])) implies ((one x2: Int | prop[#A]))) } for 3 but 5 Int, 2 A
