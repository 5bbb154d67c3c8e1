abstract sig A { var s: lone B }
sig A1, A2 extends A {}
some sig B {}
var sig V in A {}
pred P[p: A] { (((B + B) + B') in B) until (p not in V) }
run { (once (some V)) since (historically (lone s)) } for 2 but 4 steps
