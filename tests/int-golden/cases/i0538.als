sig A { f: Int, k: lone Int }
check { (((lte[#A.f, 1]) => -8 else 1) << 4) < (int[A.k] >> (sum a2: A | #a2.f)) } for 3 but 4 Int
