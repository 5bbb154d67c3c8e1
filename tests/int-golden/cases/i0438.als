sig A {}
sig B {}
pred prop[q: Int] { (lone x3: Int | (-3 >= 2) => (q !<= #B) else (#B not > max)) }
run { (lone a1: A | (sum a2: A | #A) =< 0) } for 2 but 3 Int, exactly 1 A
