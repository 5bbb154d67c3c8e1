abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { after (historically (some (r + g))) }
fact { always (V in V') }
fact { always (not (let l3 = V' | (l3 not in V'))) }
run { (once (historically (not (no V')))) iff (always (let l1 = V'.r' | (one x2: A2 | (no x2)))) } for 2 but exactly 1 steps
