open util/integer
sig A { f: Int, g: set Int, k: lone Int }
some sig B {}
fact { ((no x1: -1 | (all a2: A | a2.f <= x1))) || ((no a3: A | a3.f not < -33)) }
check { all x: Int | x.mul[1].div[1] = x } for 3 but 5 Int, 2 B
