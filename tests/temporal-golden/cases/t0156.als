sig A { f: lone B, h: A -> B }
sig B {}
var sig V {}
assert claim { always ((always (one V)) iff (eventually once (one V))) }
check claim for 2 but exactly 2 steps, 3 B
