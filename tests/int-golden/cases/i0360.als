sig A { f: Int, r: set A }
sig B { v: Int }
fact { Int[(let l1 = 3 | #A)] in Int }
check { (#B fun/sub 1) =< (-5).minus[0] } for 1 but 2 Int, 1 B
