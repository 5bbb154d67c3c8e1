open util/integer
sig A { f: Int }
sig B {}
fun twist[p: Int]: Int { (let l1 = 0.mul[p] | int[A.f]) }
run { lone x: Int | x.plus[-1] =< x } for 4 Int, 3 A, 2 B
