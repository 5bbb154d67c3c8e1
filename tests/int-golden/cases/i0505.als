sig A { f: Int, h: A -> Int, r: set A }
fact { ((-1 not < 3) => (one A.(A.h)) else (one A.(A.h))) and ((all x1: Int | one A.f)) }
fact { (one x2: Int | ((one x3: Int | A.f != Int[x2])) || ((some x4, x5: Int | x5 = min))) }
check { all x: Int | x.mul[3].div[3] = x } for 2 but 3 Int
