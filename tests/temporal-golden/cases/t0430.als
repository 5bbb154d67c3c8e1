sig A { h: A -> B }
sig B {}
var sig V {}
fact init { no V }
fact { always (V != V') }
assert claim { always ((lone V) implies before (one V)) }
check claim for 1 but 1..3 steps
