sig A { f: Int, h: B -> Int }
lone sig B { v: Int }
run { ((#B).rem[2]).add[(#B.v >>> #B.(A.h))] >= ((#A fun/sub #B) + (sum n1: A.f | #A)) } for 3 but 3 Int, exactly 1 B
