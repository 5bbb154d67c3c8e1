open util/integer
sig A { f: Int }
sig B {}
fun twist[p: Int]: Int { (div[p, 7] - -3) }
pred prop[q: Int] { (some x10: Int | x10 != -33) }
fact { (one x5: {c6: Int | nonpos[c6]} | (some x7: Int | 7 =< x7)) }
fact { (lone b8: B | (some x9: Int[-1] | x9 =< x9)) }
check { (some disj x1, x2: Int | (no x3: Int | (some b4: B | prop[x1]))) } for 3 but 4 Int, 1 B
