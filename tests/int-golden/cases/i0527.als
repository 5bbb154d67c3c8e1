sig A { f: Int }
check { (some x1: A.f | lte[max[Int[x1]], div[sub[#A, 32], (#A.f >>> 3)]]) } for 1 but 5 Int
