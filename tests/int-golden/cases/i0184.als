some sig A { f: Int, g: set Int }
pred prop[q: Int] { (lone a3: A | (no x4: Int | A.g != a3.f)) }
fact { (no x1: Int | (lone a2: A | x1 <= -2)) }
check { no x: Int | x.plus[2] < 2 } for 3
