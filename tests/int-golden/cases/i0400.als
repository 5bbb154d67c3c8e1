open util/integer
sig A { g: set Int, k: lone Int }
run { not ((some x1, x2: Int | (lone x3: Int | A.k = A.k))) } for 3 but 2 Int
