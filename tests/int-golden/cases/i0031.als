sig A { g: set Int, k: lone Int }
fact { (all a1: A | (all x2: Int | -15 not = #A)) }
check { all x: Int | x.rem[-10].plus[x.div[-10].mul[-10]] = x } for 2 but 5 Int, 2 A
