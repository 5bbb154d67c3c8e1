open util/integer
sig A { f: Int }
pred prop[q: Int] { (q fun/rem 100) < q }
run { (no x1: Int | add[0, #A.f] > (let l2 = -2 | #A)) } for 3 but 5 Int, exactly 3 A
