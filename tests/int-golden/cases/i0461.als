open util/integer
sig A { g: set Int }
sig B { v: Int }
pred prop[q: Int] { (-1).minus[q] !in A.g }
fact { (gte[0, #B]) || (prop[0]) }
fact { (-1 not =< #B.v) && (prop[5]) }
check { all x: Int | x < 0 iff negate[x] > 0 } for 3 but 2 Int, 2 B
