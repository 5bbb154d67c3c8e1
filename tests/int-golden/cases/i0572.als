sig A { g: set Int }
run { not (Int[#A.g] in Int[#A]) } for 2 but 3 Int
