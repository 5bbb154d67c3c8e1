sig A { g: set Int, k: lone Int, r: set A }
fun twist[p: Int]: Int { ((sum a7: A | #A) fun/div int[A.g]) }
run { (all x1: Int | ((all x2: Int | (all a3: A | x2 not =< x2))) => ((all x4: Int | (one a5: A | x4 <= 16))) else (x1 >= (sum n6: A.k | #A.r))) } for 1 but 5 Int
