sig A { var s: lone B }
sig B {}
var sig V {}
assert claim { eventually (not (after ((V + V') in V))) }
check claim for 3 but 3..5 steps
