sig A { f: Int, h: B -> Int, r: set A }
sig B {}
fun twist[p: Int]: Int { (int[B.(A.h)]).div[(sum b2: B | p)] }
check { (let l1 = #A.r | l1) < (#B.(A.h) << 2) } for 3 but 4 Int, 1 A
