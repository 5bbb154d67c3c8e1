lone sig A { f: Int, g: set Int, k: lone Int }
sig B {}
fact { ((all x2: Int | (some x3: Int | x2 <= -15))) => (15.minus[#A.g] in Int[#A.g]) else (((3 != 2) => (zero[#B]) else (-1 <= -16)) iff (#A.f < #A.k)) }
run { ! ((all a1: A | a1.f >= 0)) } for 5 Int, 1 A, 3 B
