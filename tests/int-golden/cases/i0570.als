sig A { f: Int, k: lone Int }
sig B {}
fact { (A.k - A.k) != A.k }
fact { ((all x1: Int | x1 =< -2)) => ((all x2: A.k | -8 !>= x2)) }
run { (not (A.f != 6)) || (-17 =< 1) } for 2 but 4 Int
