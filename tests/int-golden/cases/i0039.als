open util/integer
sig A { f: Int, g: set Int }
fun twist[p: Int]: Int { (int[A.f]).plus[add[p, -8]] }
fact { (not (2 not in A.f)) => ((all a4: A | A.f != A.f)) }
run { (some disj x1, x2: Int | (one a3: A | x1 = a3.f)) } for 3
