sig A { f: Int, k: lone Int }
fact { (all a3: A | neg[a3.f]) }
fact { max[Int[-1]] != int[A.f] }
check { (let l1 = 0 | (! (l1 !< l1)) and ((one x2: Int | x2 = l1))) } for 2 but 2 Int
