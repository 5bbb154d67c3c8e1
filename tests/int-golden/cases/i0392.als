sig A {}
fact { one ({c3: Int | 7 < c3} + (Int[9] & Int[-1])) }
run { not ((let l1 = larger[7, #A] | (let l2 = l1 | l2 =< l2))) } for 3 but 4 Int
