sig A { f: Int }
sig B { v: Int }
fact { (all a1: A | (-2 not in -2) implies (-1 not < a1.f)) }
check { all x: Int | x.rem[1].plus[x.div[1].mul[1]] = x } for 2 Int, exactly 3 A, 3 B
