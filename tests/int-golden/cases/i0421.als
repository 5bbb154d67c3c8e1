sig A { f: Int }
pred prop[q: Int] { ((let l4 = q | q not =< 1)) <=> (2 >= #A) }
fact { (lone a1: A | (lone x2: Int | (one x3: Int | a1.f <= #A))) }
run { (#A).plus[#A] < #A } for 3 but 3 Int, 3 A
