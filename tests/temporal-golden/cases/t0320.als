sig A { g: lone A }
var sig V in A {}
var sig W {}
pred P[p: W] { p in (W + W) }
assert claim { ((one V) until (some V)) iff ((some V) or ((one V) and after ((one V) until (some V)))) }
check claim for 2 but 4..4 steps
