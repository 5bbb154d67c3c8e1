sig A { r: set A }
check { (all x1: (Int[2] - Int[15]) | x1 >= (x1 fun/mul x1)) } for 1 but 5 Int
