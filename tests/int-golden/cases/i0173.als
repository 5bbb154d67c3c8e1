sig A { g: set Int, k: lone Int, r: set A }
sig B { v: Int }
fact { ((lt[#A.r, -3]) => (eq[0, -2]) else (A.k = B.v)) or (#A.r =< #B.v) }
fact { ((all b1: B | max >= #A.k)) implies ((let l2 = -3 | zero[l2])) }
check { ((-3 in A.k) implies #A.k else #B) =< int[A.k] } for 4 Int, 3 A, exactly 2 B
