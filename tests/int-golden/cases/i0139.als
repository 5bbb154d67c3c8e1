open util/integer
sig A { k: lone Int }
sig B {}
fact { (lone x1: Int | -16 < rem[x1, -3]) }
check { all x: Int | x.mul[1].div[1] = x } for 3 but 5 Int, 3 A
