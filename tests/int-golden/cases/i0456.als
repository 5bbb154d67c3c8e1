sig A { g: set Int }
lone sig B {}
fact { (-8 =< -1) and (-7 > 3) }
run { (let l1 = #A | (let l2 = l1 | -3 =< -2)) } for 2 but 4 Int, exactly 1 B
