sig A { f: Int, g: set Int, k: lone Int }
fun twist[p: Int]: Int { 100.rem[p] }
fact { #A.k !<= #A }
check { all x: Int | x.rem[1].plus[x.div[1].mul[1]] = x } for 3 Int, exactly 1 A
