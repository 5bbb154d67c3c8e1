open util/integer
sig A {}
fun twist[p: Int]: Int { (((no x7: Int | nonneg[p])) => (14 >> #A) else rem[p, #A]) }
run { ((some x1, x2: Int | (some a3: A | x2 = -1))) => ((no x4: {c5: Int | c5 =< #A} | ! (Int[#A] != -2))) else (((one a6: A | #A > #A)) => (3 not =< 2)) } for 2 but 5 Int
