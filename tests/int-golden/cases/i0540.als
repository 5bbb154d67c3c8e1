sig A { g: set Int }
fun twist[p: Int]: Int { (p fun/add add[p, #A.g]) }
fact { (let l3 = minus[3, 2] | 0 = l3) }
run { ((5 fun/sub 1)).rem[(#A).signum] = (let l1 = 1.minus[-1] | (sum n2: A.g | #A.g)) } for 3 but 3 Int, exactly 3 A
