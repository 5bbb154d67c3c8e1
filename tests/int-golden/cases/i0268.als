sig A { f: Int, k: lone Int, r: set A }
fact { lt[max, max] }
run { ! (no A.f) } for 2 but 3 Int
