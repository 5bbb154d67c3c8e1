sig A { g: set A, var r: set A }
var sig V in A {}
pred P[p: A] { ((one V'.r) since (no V)) or (((some g) ; (p in p))) }
assert claim { always ((before before ((one V) iff (some V))) iff (((one V) iff (some V)))) }
check claim for 2 but 1 steps
