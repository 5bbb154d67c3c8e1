sig A { f: Int }
sig B {}
fact { (all a3: A | (lone x4: Int | eq[a3.f, x4])) }
check { (all a1: A | (some a2: A | a1.f !< a2.f)) } for 2 but 5 Int, exactly 2 A
