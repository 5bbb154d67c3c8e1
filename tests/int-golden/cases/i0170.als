sig A { f: Int, r: set A }
run { one (3.next + (Int - A.f)) } for 2 but 5 Int
