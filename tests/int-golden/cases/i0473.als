sig A { f: Int }
sig B {}
fact { ((let l4 = larger[-3, #B] | not (lone Int[l4]))) => (((#A.f < #A) implies (#B != #A.f)) <=> ((all x5, x6: Int | x5 != #A.f))) }
fact { (let l7 = #A.f | #B > l7) }
check { (sum n1: A.f | (let l2 = 2 | -3)) < plus[(#A.f fun/mul #A.f), (sum n3: A.f | #A.f)] } for 2 but 3 Int, exactly 1 B
