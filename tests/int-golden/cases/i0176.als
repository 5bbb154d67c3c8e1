open util/integer
sig A { f: Int, g: set Int }
pred prop[q: Int] { one q }
fact { (lone x2: Int | (lone x3: Int | lt[-5, -1])) }
check { (lte[(3 fun/mul #A.g), 100]) || ((one a1: A | (#a1.f > -1) <=> (a1.f > a1.f))) } for 1 but 3 Int, 1 A
