open util/integer
sig A { f: Int, r: set A }
fact { (9 = #A.r) || (A.f = Int[#A.f]) }
fact { (all x1: Int | (one x2: Int[x1] | #A.f >= -1)) }
run { (#A.r).sub[3.minus[3]] != (minus[7, -1] fun/mul min.minus[3]) } for 2 but 4 Int
