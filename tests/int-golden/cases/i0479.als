sig A { g: set Int, k: lone Int }
fact { ((2 in A.k) => (-9 > -33) else (4 != #A)) implies ((9 != #A.g) => (#A.k = -1) else (min < 3)) }
run { ((#A + 2) > (-3 >>> 0)) => ((lone x1: Int[#A] | (#A not =< x1) <=> (x1 >= #A))) } for 3 Int, 1 A
