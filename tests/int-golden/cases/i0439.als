sig A { f: Int, r: set A }
fact { (no x1: -1 | #A.r not in A.f) }
check { all x: Int | x.rem[-1].plus[x.div[-1].mul[-1]] = x } for 5 Int, 2 A
