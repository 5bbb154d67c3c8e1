sig A { f: Int, g: set Int }
run { ((let l1 = rem[4, #A] | (-2 + l1)) fun/sub int[(A.g & A.f)]) !<= negate[1] } for 1 but 2 Int, 1 A
