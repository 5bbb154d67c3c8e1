sig A { g: set Int }
sig B { v: Int }
check { no Int[min[Int]] } for 2 but 4 Int, exactly 1 B
