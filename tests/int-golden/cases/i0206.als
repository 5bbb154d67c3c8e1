sig A { h: A -> Int }
fun twist[p: Int]: Int { min }
fact { (let l3 = (-3 >>> 6) | ! (#A.(A.h) <= l3)) }
check { (one x1: Int | (all x2: Int | x2 >= #A.(A.h))) } for 2
