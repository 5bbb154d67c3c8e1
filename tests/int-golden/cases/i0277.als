sig A { g: set Int, k: lone Int, r: set B }
sig B {}
pred prop[q: Int] { (A.g - A.g) = q }
fact { prop[-1] }
fact { (some b2: B | not ((some x3: Int | A.g = A.g))) }
run { (all x1: 7.next | lte[sub[(#A.k).mul[-1], (0 << 6)], 1]) } for 3 but 4 Int, 2 B
