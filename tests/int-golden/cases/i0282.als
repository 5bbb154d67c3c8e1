open util/integer
sig A { f: Int }
run { ((1 fun/mul max) !>= (A.f)) && (((all x1: Int | x1 != x1)) => (#A !in A.f)) } for 2
