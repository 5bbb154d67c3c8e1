open util/integer
sig A { f: Int }
check { all x: Int | x.rem[1].plus[x.div[1].mul[1]] = x } for 4 Int, 2 A
