sig A { r: set A }
pred prop[q: Int] { (q > 14) => ((q = #A) || (-3 >= q)) else (-3 in Int[-16]) }
fact { (32 !<= -17) => ((some Int[-3]) iff (#A != #A)) else (-15 <= 3) }
fact { add[(-3 fun/div #A.r), -3] > mul[int[Int[#A.r]], (-1).plus[-16]] }
run { ! ((lone x1: Int | (lone a2: A | (100 != x1) iff (eq[x1, x1])))) } for 1 but 5 Int, 1 A
