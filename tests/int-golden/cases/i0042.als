open util/integer
sig A { f: Int, h: B -> Int }
sig B { v: Int }
run { (#A).plus[#A] > #A } for 3 but 5 Int, 3 A, exactly 2 B
