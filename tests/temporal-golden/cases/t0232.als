abstract sig A { g: lone A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
fact { always (B = B) }
assert claim { (let l1 = (A + A) | ((no x2: B | (some V)) releases (not (A1 != l1)))) iff (not (let l3 = B | (((no A2) ; (one (A & A2)))))) }
check claim for 3 but 6 steps, 3 B
