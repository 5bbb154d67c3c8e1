open util/integer
sig A { f: Int, h: A -> Int }
run { (3.plus[(0 >> 2)] > (1.minus[2] fun/div min)) && (#A.(A.h) <= (((no a1: A | #a1.f =< a1.f)) implies -3 else 2.mul[3])) } for 3 Int, 3 A
