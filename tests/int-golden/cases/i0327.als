sig A { f: Int, g: set Int, r: set A }
some sig B {}
pred prop[q: Int] { (nonpos[-1]) || ((lone x2: Int | #B not < #A)) }
check { (one a1: A | not ((#a1.g =< 0) <=> (a1.f =< a1.f))) } for 2 Int, 2 A, 2 B
