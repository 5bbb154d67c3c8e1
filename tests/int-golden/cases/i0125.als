open util/integer
sig A { f: Int, g: set Int }
pred prop[q: Int] { (no x3: Int | eq[2, #A]) }
fact { (some x1: prevs[-1] | (lone x2: Int | x2 !< x2)) }
check { prop[(-17).sub[min[Int[max]]]] } for 3 but 4 Int
