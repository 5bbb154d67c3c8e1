sig A { g: set Int }
sig B { v: Int }
fact { (sum n7: Int[#B] | #B.v) not in Int[7] }
run { ((let l1 = ((3 << -8)).add[7] | (some x2: l1.prev | eq[-3, x2]))) iff ((all disj x3, x4: Int | (lone x5: Int | (some b6: B | x4 < x4)))) } for 3
