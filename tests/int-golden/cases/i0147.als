sig A { f: Int, r: set A }
fact { ((lone x1: Int | x1 =< -2)) && (100 !< int[-15]) }
check { (all x: Int | x.plus[3] > x) implies #A = 0 } for 5 Int, 1 A
