sig A { f: Int }
fact { (let l1 = (let l2 = #A | l2) | (some x3: Int | lt[l1, -2])) }
run { A.f != Int } for 4 Int, 1 A
