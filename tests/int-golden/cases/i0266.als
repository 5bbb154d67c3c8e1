open util/integer
lone sig A {}
sig B {}
run { one 3 } for 1 but 4 Int, exactly 1 A
