open util/integer
sig A { k: lone Int, h: A -> Int }
fact { (all a2: A | #A.k !> 2) }
check { (sum a1: A | 15) <= min } for 1 but 5 Int
