open util/integer
sig A { r: set A }
sig B {}
run { (all x1: Int | lone Int[#A.r]) } for 3 Int, 2 A, exactly 3 B
