abstract sig A { g: set A, var r: set A }
sig A1, A2 extends A {}
some sig B {}
var sig V { var m: lone A }
fact { always (no A1) }
fact { (#V' = 0) or (~g in r) }
assert claim { let l1 = (B + B) | (((V != V) iff (V in V)) implies (((l1 in B) ; (A in A)))) }
check claim for 2 but 4 steps
