sig A { f: Int, h: B -> Int }
some sig B { v: Int }
fun twist[p: Int]: Int { -16 }
run { (#A != (#A).mul[#A]) implies ((some a1: A | (some x2: Int | Int[#B.(a1.h)] = x2))) } for 1 but 5 Int, 1 A
