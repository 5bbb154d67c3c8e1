open util/integer
sig A { f: Int }
sig B { v: Int }
check { all x: Int | x.rem[3].plus[x.div[3].mul[3]] = x } for 2
