sig A { g: set Int, h: A -> Int, r: set A }
fact { (all a2: A | (2 =< -8) or ((all x3: Int | max >= x3))) }
run { ((#A.g - 7) fun/sub 2) not in {c1: Int | (c1 = #A) || (#A.g = c1)} } for 4 Int, 2 A
