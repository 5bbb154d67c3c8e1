open util/integer
sig A { r: set A }
fact { max > 1 }
run { (some a1: A | ((some disj x2, x3: Int | #A < #A)) => ((some x4: Int | #A.r in x4)) else ((lone x5: Int | x5 < #a1.r))) } for 1 but 4 Int
