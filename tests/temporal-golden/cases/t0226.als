abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
pred P[p: A] { historically (after (p not in p)) }
fact { before (let l1 = (V + V') | (~r = r')) }
run { not ((eventually always (some V)) iff (eventually always (some V) and always eventually (some V))) } for 3 but 2 steps
