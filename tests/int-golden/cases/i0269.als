sig A { f: Int, g: set Int }
sig B { v: Int }
fact { (let l1 = #B.v | 1 =< l1) }
run { (#A + #A.g) =< -2 } for 3 but 2 Int, exactly 1 B
