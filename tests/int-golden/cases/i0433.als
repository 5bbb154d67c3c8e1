sig A { f: Int }
sig B { v: Int }
run { sub[(0 fun/sub 1), (Int[#A])] !>= signum[(-3).signum] } for 2 but 3 Int, 1 A
