sig A { g: set Int, k: lone Int }
fact { (#A.g != #A) && (-3 not = #A) }
run { add[int[Int[#A]], 14] >= div[-16, (#A.g).prev] } for 2 but 5 Int
