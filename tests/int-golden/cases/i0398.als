sig A { r: set A }
fact { plus[0, -3] !> -3 }
check { (all x1, x2: Int | #A.r <= x1) } for 2 but 5 Int, exactly 2 A
