sig A { f: Int, k: lone Int }
fact { (some a1: A | (let l2 = a1.f | l2 =< #A)) }
fact { ! (not ((all a3: A | lone A.k))) }
check { all x: Int | (x >>> 1) << 1 = x } for 2 but 3 Int
