open util/integer
sig A { g: set Int }
sig B {}
check { (-1).plus[#A.g] > (((-33 = -16) implies min else min) >> minus[3, #A.g]) } for 5 Int, 2 A, 2 B
