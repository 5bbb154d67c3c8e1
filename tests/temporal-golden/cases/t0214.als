abstract sig A { f: set B, var s: set B }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
var sig W {}
pred P[p: B] { ((#W = 2) or (#W >= 1)) releases (let l1 = A2.f | (p != B')) }
fact { eventually (((lone B) ; (A1 = A1))) }
fact { not (((some B) ; (one V))) }
run P for 3 but 3..5 steps, exactly 1 B
