lone sig A {}
pred prop[q: Int] { (all x2: Int | (lone x3: Int | x3 in Int[x2])) }
run { (lone a1: A | (#A not < #A) || (-33 > #A)) } for 1 but 5 Int, exactly 1 A
