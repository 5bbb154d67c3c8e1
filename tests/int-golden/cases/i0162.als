open util/integer
sig A { f: Int, g: set Int }
fun twist[p: Int]: Int { ((let l1 = 14 | p) << minus[p, max]) }
fact { negate[-1] >= (-17).minus[2] }
run { min =< twist[twist[#A.f]] } for 5 Int, exactly 1 A
