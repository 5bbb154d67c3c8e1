open util/integer
sig A { f: Int }
sig B {}
fact { ((all x1: Int | x1 =< x1)) => (-4 > #A.f) else (A.f = min) }
fact { ((let l2 = 2 | l2 != #B)) and ((all x3: A.f | max <= x3)) }
check { all x: Int | some x.next } for 1 but 3 Int, exactly 1 B
