open util/integer
sig A { r: set B }
sig B {}
fact { ((let l2 = -33 | l2 > l2)) <=> ((0 >= #A.r) => (#B !>= #A.r)) }
fact { #B <= #A.r }
run { no Int[({c1: Int | #A !> c1})] } for 2 but 2 Int, exactly 1 A
