abstract sig A { f: set B, g: set A, h: A -> B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
pred P[p: B] { (historically (p in p)) or (once (one V)) }
fact { once (some (f - f)) }
run P for 1 but 3 steps
