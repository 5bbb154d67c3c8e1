sig A { f: Int, k: lone Int }
pred prop[q: Int] { (#A).minus[-16] <= (sum a1: A | a1.f) }
fact { prop[int[A.f]] }
fact { zero[#A] }
check { one (Int & A.f) } for 3 but 5 Int, exactly 3 A
