sig A { g: set Int, h: B -> Int }
sig B {}
fact { ((let l2 = 9 | (eq[#B, #B]) || (pos[1]))) => (2.mul[#B] =< 3.signum) else ((some a3: A | (all b4: B | -3 < #A))) }
run { (B.(A.h) - A.g) != (sum a1: A | 6) } for 2 but 4 Int, 1 B
