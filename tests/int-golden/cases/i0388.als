sig A { f: Int }
sig B {}
fact { ((-16 >= 15) implies (1 >>> -1) else (1 + -3)) < ((15 - #A) + negate[#A.f]) }
fact { (#A.f <= -3) and (-16 !<= 3) }
check { lone x: Int | x.mul[3] > 3 } for 3 but 5 Int, exactly 2 A
