lone sig A { f: Int }
fun twist[p: Int]: Int { (let l2 = int[15] | ((l2 !in A.f) implies min else #A)) }
fact { (32 not < 3) || ((#A in A.f) => (gte[14, -3]) else (some A.f)) }
run { ((sum a1: A | (0 - 1)) >>> -1) =< sub[-3, #A] } for 1 but 5 Int, 1 A
