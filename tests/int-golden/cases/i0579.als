sig A { g: set Int }
run { (#A).plus[#A] < #A } for 3 but 5 Int
