open util/integer
lone sig A { f: Int, r: set B }
sig B {}
fun twist[p: Int]: Int { int[A.f] }
fact { (no a2: A | (no x3: Int | x3 != x3)) }
run { (! (-8 != 3)) => (Int = A.f) else (((gte[#A.f, min]) <=> (max =< #A.f)) => ((one x1: Int | 2 =< 0)) else (not (-9 <= 0))) } for 2 but 4 Int, 1 A
