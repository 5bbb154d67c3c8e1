sig A { f: Int }
sig B {}
fact { (all a1: A | (neg[#a1.f]) and (7 != #A)) }
fact { 6 >= int[Int[2]] }
run { not (all x: Int | x.minus[1] > x) } for 3 but 4 Int, 1 B
