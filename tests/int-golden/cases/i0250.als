sig A { f: Int, r: set B }
sig B {}
run { (lone x1: Int | (one a2: A | x1 =< a2.f)) } for 3 but 3 Int, 3 B
