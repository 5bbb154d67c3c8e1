lone sig A { f: Int, r: set B }
sig B { v: Int }
run { (#A).plus[#A] = #A } for 4 Int, 1 A, 2 B
