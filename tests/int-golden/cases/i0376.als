sig A { f: Int, g: set Int }
lone sig B { v: Int }
pred prop[q: Int] { q.minus[2] > minus[-1, q] }
fact { (one x2: Int | Int[#A] in x2) }
run { ((all x1: (#B).next | min not = x1)) iff ((#B != #B.v) => ((2 =< #A.f) => (1 != #A.g))) } for 3 but 3 Int, 1 B
