sig A { f: Int }
some sig B {}
run { (some disj x1, x2: Int | ((all a3: A | 0 <= a3.f)) iff (! (x1 =< #A.f))) } for 3 but 4 Int, 2 A
