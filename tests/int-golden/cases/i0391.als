open util/integer
some sig A { f: Int }
fact { (let l4 = -3 | #A.f > #A.f) }
fact { ((lone a5: A | -2 !<= a5.f)) && ((one x6: Int | x6 !> x6)) }
check { (some x1: {c2: Int | c2 < c2} | (lone x3: Int | max !in x1)) } for 3
