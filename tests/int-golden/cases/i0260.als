open util/integer
sig A { k: lone Int }
fun twist[p: Int]: Int { plus[(8 + p), 1] }
fact { #A.k =< add[-2, -3] }
check { (sum a1: A | -3) =< #A } for 2 but 3 Int, exactly 2 A
