open util/integer
sig A { k: lone Int }
fact { (int[A.k] not >= ((gt[0, #A]) => #A.k else 3)) => ((some disj x2, x3: Int | (all x4: Int | lte[#A, 2]))) else (rem[#A, -4] in A.k) }
check { minus[(let l1 = #A.k | l1), plus[max, min]] !in A.k } for 3 but 3 Int
