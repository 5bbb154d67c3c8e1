sig A { r: set A }
fact { -1 =< #A }
check { (no x1: Int | ! (0 > -2)) } for 1 but 2 Int
