open util/integer
sig A { g: set Int }
sig B {}
run { one A.g } for 3 but 5 Int, 2 A, 3 B
