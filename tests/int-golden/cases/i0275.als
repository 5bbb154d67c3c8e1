sig A {}
sig B { v: Int }
fact { (all b1: B | (6 >= #b1.v) => (b1.v > #b1.v)) }
run { some x: Int | x.plus[-2] < x } for 3 but 4 Int, 2 A
