open util/integer
sig A { g: set Int, r: set B }
sig B {}
fact { (all a1: A | (Int[6] = a1.g) or (-1 < -3)) }
run { (#B >> 2) != ((max !> min) implies -8 else #A.r) } for 3 but 4 Int, exactly 2 A
