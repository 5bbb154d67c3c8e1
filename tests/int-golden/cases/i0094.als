open util/integer
sig A { f: Int, k: lone Int }
pred prop[q: Int] { ((all disj x4, x5: Int | 2 =< 7)) || (0 = -1) }
fact { (lone a3: A | a3.k = (Int[#A] + Int[a3.f])) }
run { ((lone x1: A.k | x1 not = 7)) <=> ((lone x2: Int | x2 !<= #A.k)) } for 3
