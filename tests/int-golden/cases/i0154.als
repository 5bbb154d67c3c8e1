open util/integer
sig A {}
sig B { v: Int }
fact { (some b4: B | (no x5: Int | ! (#b4.v != b4.v))) }
fact { (all x6, x7: Int | gt[x6, x6]) }
run { (some x1, x2: Int | (some x3: Int | max !> #A)) } for 3 but 3 Int, 2 B
