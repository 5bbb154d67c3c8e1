open util/integer
sig A { f: Int, g: set Int }
sig B {}
fact { (((one x1: Int | x1 = x1)) and ((-2 =< #B) => (-1 >= #A.g) else (min > #B))) => (0 !in A.g) else ((some x2: Int | 1 >= #A)) }
run { (rem[2, 3] >> 4) != (((3 > 1) implies #A.f else -15) << 14) } for 3 but 5 Int, 1 B
