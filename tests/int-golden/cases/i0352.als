sig A { f: Int, g: set Int }
check { (int[Int[#A.f]] !< (#A).sub[15]) => ((one a1: A | (one x2: Int | A.g != a1.f))) else (nonpos[int[Int[2]]]) } for 2 but 5 Int
