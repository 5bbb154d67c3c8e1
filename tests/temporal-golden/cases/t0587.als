sig A { g: lone A, var r: lone A }
sig B {}
var sig V {}
pred P[p: A] { (some ^g.p) and (p in p') }
fact init { no r }
fact { always (lone V' - V) }
assert claim { eventually always (no V) }
check claim for 1 but 5 steps
