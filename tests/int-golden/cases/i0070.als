sig A { f: Int, r: set A }
fact { int[A.f] !<= 3 }
fact { (#A.r = #A.r) iff (2 = #A.f) }
run { (#A).plus[#A] < #A } for 2 but 3 Int
