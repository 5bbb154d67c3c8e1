sig A {}
check { (some a1: A | int[Int[3]] !< (sum n2: -1 | n2)) } for 2 but 3 Int
