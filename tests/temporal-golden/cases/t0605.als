sig A {}
one sig B {}
var sig V in A {}
var sig W {}
assert claim { ((one V) releases (no W)) iff (not ((not (one V)) until (not (no W)))) }
check claim for 1 but 1..3 steps
