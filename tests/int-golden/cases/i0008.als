sig A {}
fact { (some a4: A | (let l5 = (-1).signum | (#A =< #A) <=> (-1 =< -3))) }
check { (((3 fun/rem 1)).div[(2 fun/mul 3)]).rem[(-2).sub[negate[max]]] >= (sum a1: A | (((let l2 = #A | l2 > l2)) => (let l3 = -2 | 1) else (Int[#A]))) } for 3 but 4 Int
