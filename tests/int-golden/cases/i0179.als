open util/integer
sig A { f: Int, g: set Int }
pred prop[q: Int] { (#A.g =< 3) or (q = q) }
check { -33 !<= #A.g } for 2 but 4 Int
