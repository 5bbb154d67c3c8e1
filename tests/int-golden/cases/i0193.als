open util/integer
sig A {}
sig B {}
fact { (lone a1: A | (#B !< -17) and (0 <= -3)) }
fact { 7 > #A }
check { no (-3 - Int[7]) } for 3 but 4 Int, 2 B
