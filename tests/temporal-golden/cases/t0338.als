abstract sig A { g: lone A, var r: lone A }
sig A1, A2 extends A {}
var sig V in A {}
fact { always ((lone x2: V' | (V' in (V'.r)')) releases ((V' in A2) and (no V))) }
fact { always (let l3 = V' | (one r.l3)) }
pred show { (((A in V') triggered ((V & V) = A.r)) releases (once (V.r = V.^r))) since (lone x1: A | ((one V) releases (one V))) }
run show for 3 but exactly 4 steps
