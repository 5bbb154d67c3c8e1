open util/integer
sig A {}
run { ((one a1: A | -3 != max)) implies ((no x2: Int | no Int[#A])) } for 1 but 5 Int, 1 A
