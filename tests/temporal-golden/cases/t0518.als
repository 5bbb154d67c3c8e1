abstract sig A {}
sig A1, A2 extends A {}
var sig V in A {}
pred P[p: A] { (not (p not in V)) releases (lone x1: V | (V' in p)) }
assert claim { (once (V = A)) iff ((V = A) and not before not historically (V = A)) }
check claim for 3 but 3 steps
