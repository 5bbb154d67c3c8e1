sig A { f: Int }
sig B { v: Int }
fact { ((all b1: B | #b1.v != b1.v)) <=> ((#A > -1) && (B.v in A.f)) }
check { all x: Int | x.mul[2].div[2] = x } for 3 but 2 Int
