sig A {}
sig B { v: Int }
fact { (one b2: B | (let l3 = -33 | b2.v != b2.v)) }
run { (zero[minus[2, #B.v]]) implies (1.rem[2] =< (sum n1: B.v | n1)) } for 3
