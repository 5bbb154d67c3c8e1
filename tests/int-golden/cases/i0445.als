open util/integer
sig A { f: Int }
sig B { v: Int }
fact { (-1).add[32] not < add[#A, 15] }
check { 1 >= 15 } for 5 Int, 2 A, exactly 2 B
