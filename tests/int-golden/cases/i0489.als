open util/integer
sig A { f: Int, g: set Int, r: set A }
fact { -4 != 3 }
fact { ((max < #A) && (#A != #A.f)) => (-3 !in Int[-3]) else (! (A.f != #A)) }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 2 but 3 Int, exactly 2 A
