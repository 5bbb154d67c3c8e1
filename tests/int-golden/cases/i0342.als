open util/integer
lone sig A { f: Int }
sig B {}
fun twist[p: Int]: Int { 3 }
fact { (some a3: A | (all x4: Int | a3.f in x4)) }
check { (sum n1: Int[15] | (17 fun/mul #B)) =< sub[(#A).minus[-3], (let l2 = -1 | l2)] } for 1 but 5 Int
