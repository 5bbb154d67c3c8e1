sig A { f: Int, h: A -> Int }
fact { (some a3: A | (3 >= #A.f) => (-2 =< #A.(a3.h)) else (a3.h[a3] != #A)) }
run { plus[(((some a1: A | #A < #A)) implies (#A >>> 0) else (-2).rem[#A.f]), (sum a2: A | (Int[a2.f]))] = (#A).next } for 3 but 5 Int
