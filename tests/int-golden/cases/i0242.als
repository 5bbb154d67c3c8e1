sig A { f: Int, r: set A }
check { (lone x1: Int | (x1 >= x1) => ((lone x2: (A.f & A.f) | one Int[max])) else ((let l3 = #A | 17 > 0))) } for 2 but 5 Int
