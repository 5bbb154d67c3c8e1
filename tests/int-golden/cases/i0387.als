sig A { f: Int, k: lone Int }
sig B { v: Int }
fact { ((some disj x3, x4: Int | x4 > x3)) && (15 =< 15) }
run { not ((some x1: Int | (lone x2: Int[#A] | some B.v))) } for 3 but 5 Int, 2 B
