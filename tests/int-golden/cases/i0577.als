sig A { g: set Int }
sig B { v: Int }
run { (#A).plus[#A] > #A } for 2 but 3 Int
