open util/integer
some sig A { f: Int }
sig B {}
run { (no x1: Int | (all b2: B | (lone b3: B | -3 in A.f))) } for 3
