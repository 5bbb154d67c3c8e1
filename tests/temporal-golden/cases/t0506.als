sig A { var r: set A }
sig B {}
var sig V { var m: set A }
var sig W in A {}
pred P[p: V] { let l1 = p | (#p > 2) }
fact { always (not (no B)) }
fact { always (one V') }
assert claim { not (some x2: B | (historically (some W.r'))) }
check claim for 2 but 4..4 steps
