open util/integer
sig A {}
sig B {}
fun twist[p: Int]: Int { p }
check { ! (((let l1 = -33 | l1 < l1)) implies ((#A <= #B) => (16 >= -8) else (-8 =< #B))) } for 3 but 4 Int, 2 A
