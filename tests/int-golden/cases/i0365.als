open util/integer
sig A { g: set Int, h: A -> Int, r: set A }
fun twist[p: Int]: Int { (-1 fun/mul int[Int[p]]) }
fact { (lone x8: Int | not (3 in x8)) }
check { ((one a1: A | lt[sub[1, #a1.r], (#A.r >> #a1.r)])) => ((all a2: A | (all a3: A | (one a4: A | Int[-3] in a2.h[a2])))) else ((((one x5: nexts[-1] | A.(A.h) = -4)) implies (! (min > -3))) implies (((let l6 = #A.g | pos[#A])) implies ((some x7: Int | Int[#A.(A.h)] != x7)))) } for 3 Int, exactly 3 A
