open util/integer
sig A { f: Int, r: set A }
lone sig B { v: Int }
fun twist[p: Int]: Int { rem[signum[1], ((p = #B) implies #B else #A)] }
fact { (((one -1) || (min != #B.v)) and ((all x1: Int | x1 !> -2))) implies ((one a2: A | (a2.f not in Int[#A.f]) => (a2.f not in Int[#a2.r]) else (a2.f < -3))) }
check { all x: Int | x.div[-1] = negate[x] } for 1 but 5 Int
