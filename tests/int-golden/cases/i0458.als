open util/integer
sig A { f: Int }
fun twist[p: Int]: Int { ((#A).rem[p] + (-1).plus[#A]) }
fact { (let l4 = ((A.f)).add[int[A.f]] | ! (one l4)) }
check { ((some x1, x2: Int | (some a3: A | a3.f <= x1))) <=> ((2 fun/div ((1 not > #A) implies -1 else -16)) != twist[(#A).sub[15]]) } for 1 but 5 Int
