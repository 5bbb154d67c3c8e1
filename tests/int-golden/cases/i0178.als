open util/integer
sig A { f: Int }
sig B { v: Int }
fun twist[p: Int]: Int { (((min < p) && (0 !=< #A)) implies (0 fun/rem #B.v) else (Int[-2])) }
fact { eq[int[A.f], max] }
fact { ((gte[-1, -3]) => (0 !=< #A.f) else (gt[min, 8])) implies ((#A.f <= 1) && (min <= -2)) }
run { (all x1: Int | (no x2: Int | (all x3: x2 | (lone b4: B | b4.v < -8)))) } for 3 but 4 Int, 3 A, exactly 3 B
