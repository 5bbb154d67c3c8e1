sig A { f: Int, g: set Int, k: lone Int, r: set B }
sig B {}
fact { ((all b2: B | (all b3: B | Int != Int[#B]))) => ((-15 >= -15) or ((#B <= 14) or (3 >= #A.r))) else ((no a4: A | (all b5: B | -16 not >= a4.f))) }
check { lte[((sum a1: A | 0) >>> 4), ((#A.r >>> 2)).minus[(2)]] } for 5 Int, 2 A, exactly 3 B
