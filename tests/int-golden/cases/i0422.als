sig A { g: set Int, k: lone Int, r: set A, f: Int }
fact { gt[#A.k, (#A.r).mul[-2]] }
fact { all a: A | a.f >= 1 }
check { (all a: A | a.f >= 1) implies (sum a: A | a.f) >= 1 } for 3 but 3 Int, 3 A
