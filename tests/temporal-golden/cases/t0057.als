sig A { h: A -> B, var r: set A }
sig B {}
var sig V in A {}
var sig W in A {}
fact { always ((eventually ((r & r)' = r)) or (after (B in B'))) }
fact { ((always (no r')) ; (historically (lone B))) }
assert claim { some x1: B | (eventually (V != V)) }
check claim for 2 but 3 steps
