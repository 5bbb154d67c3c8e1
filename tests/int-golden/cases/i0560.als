open util/integer
sig A { f: Int, r: set A }
check { ((-15).mul[14] - (let l1 = #A.f | -1)) in Int[14] } for 3 but 5 Int
