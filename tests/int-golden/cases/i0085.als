sig A {}
sig B {}
fact { (no x3: Int | (all x4: Int | 1 not =< x4)) }
run { (let l1 = (9.signum).minus[(let l2 = -4 | 1)] | l1 <= (l1 fun/rem l1)) } for 3 but 3 Int, exactly 2 A
