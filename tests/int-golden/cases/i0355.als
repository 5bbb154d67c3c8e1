open util/integer
sig A { k: lone Int, h: A -> Int, r: set A }
fact { (some a3: A | lte[2, -3]) }
check { (((some x1: Int | x1 =< x1)) iff ((3 !< 1) implies ((some a2: A | A.k = a2.k)))) => (#A not = (int[A.k]).sub[3.minus[#A.k]]) } for 2 but 5 Int
