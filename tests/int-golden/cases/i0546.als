sig A { f: Int, g: set Int }
pred prop[q: Int] { q < q }
fact { (some a1: A | (lone a2: A | a1.f != a2.f)) }
check { #A > 1 } for 1 but 5 Int, exactly 1 A
