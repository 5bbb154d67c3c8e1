sig A { r: set A }
sig B { v: Int }
fact { (all x1, x2: Int | ((one a3: A | 3 not =< -3)) || ((all x4: Int | x4 =< x2))) }
check { #Int < 1 } for 3 but 3 Int, 2 B
