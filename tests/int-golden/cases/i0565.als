sig A { f: Int, r: set A }
fact { (((let l1 = -2 | l1 <= l1)) and ((zero[1]) and (-1 <= 1))) or ((-2).minus[#A.r] <= ((max > -2) implies #A else -1)) }
check { all x: Int | x.mul[1].div[1] = x } for 2 but 2 Int
