sig A { f: Int, r: set A }
run { ((7 =< 2) => ((#A != #A.r) implies (6 not > #A.f)) else ((-3 =< -7) => (-8 = #A.f) else (-3 <= 2))) implies (#A.f > -7) } for 2 but 4 Int
