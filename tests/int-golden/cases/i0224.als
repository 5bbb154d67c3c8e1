open util/integer
sig A { f: Int }
run { ((all a1: A | (some a2: A | a2.f = a2.f))) or ((15 << 0) not =< -1) } for 2 but 5 Int
