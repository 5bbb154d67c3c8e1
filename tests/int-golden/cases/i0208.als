sig A { g: set Int }
fun twist[p: Int]: Int { ((p fun/add -7)).signum }
fact { (all x3: Int | not (#A in A.g)) }
fact { ! ((let l4 = 2 | #A) != sub[#A, #A]) }
run { div[minus[#A.g, 8], (sum n1: A.g | n1)] >= ((sum a2: A | 7)).mul[(#A.g).signum] } for 3
