abstract sig A { var s: lone B }
sig A1, A2 extends A {}
sig B {}
var sig V { var m: lone V }
var sig W {}
pred P[p: B] { always (((W' & W) in (W' & W)) releases (A2 = A1)) }
fact { always (once (no m')) }
fact { always ((one B) since (all x1: W | (no (W & W)))) }
assert claim { one W' }
check claim for 3 but 5 steps
