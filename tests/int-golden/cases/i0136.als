sig A { f: Int }
check { (let l1 = ((-7 << -3)).plus[add[100, #A]] | (all a2: A | (one a3: A | l1 < #A.f))) } for 2 but 4 Int
