sig A { var r: set A, var t: A -> lone B }
sig B {}
var sig V {}
var sig W in B {}
assert claim { after (V in V') }
check claim for 2 but 4..4 steps, exactly 3 B
