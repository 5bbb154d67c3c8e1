sig A { h: A -> Int, r: set A }
fact { not (14.next !> -16) }
check { ((-2).plus[-2] >>> ((-3 not in A.(A.h)) implies 17 else 2)) <= -3 } for 5 Int
