some sig A { f: Int, g: set Int }
run { ((all a1: A | ! (a1.f not < #a1.g))) => ((all x2, x3: Int | (1 not =< #A.f) implies (#A =< #A))) else (Int[#A.g] != A.g) } for 3 Int, 2 A
