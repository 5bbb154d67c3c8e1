sig A {}
sig B {}
fun twist[p: Int]: Int { (min[Int]).div[(let l1 = p | -3)] }
check { #A <= 8 } for 3 but 4 Int
