sig A {}
fact { (lone x3: Int | (-3 not < #A) => (-1 = #A) else (#A !>= x3)) }
run { ((sum n1: Int[#A] | -7)).prev != (sum a2: A | sub[#A, -1]) } for 3
