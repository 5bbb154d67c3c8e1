open util/integer
sig A { g: set Int, r: set A }
pred prop[q: Int] { (let l4 = q | #A) !> int[Int] }
run { (all x1: Int | (one a2: A | (lone a3: A | -33 not in A.g))) } for 2 but 4 Int
