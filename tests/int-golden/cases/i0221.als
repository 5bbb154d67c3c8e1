open util/integer
sig A { f: Int, r: set B }
lone sig B { v: Int }
check { (lone x1: Int | (-1).add[#A.r] <= ((-2 < 1) implies x1 else x1)) } for 2 but 4 Int, 1 B
