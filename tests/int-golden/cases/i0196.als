some sig A { f: Int }
run { (all a1: A | (14 >= #A) <=> ((all a2: A | 100 = #a2.f))) } for 2 but 5 Int, 2 A
