sig A { g: set Int, k: lone Int }
sig B {}
fact { ((#A.g >>> #A.k)).prev != (sum n1: A.k | -16) }
run { zero[min[(Int[-1] - A.g)]] } for 5 Int, exactly 2 A, 1 B
