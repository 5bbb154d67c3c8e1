sig A { h: A -> B, var r: set A, var t: A -> lone B }
sig B {}
var sig V in A {}
var sig W {}
fact { always (~r in r) }
fact { always ((no B) implies (some x2: B | (B != B))) }
assert claim { (after (eventually ((#(V.r)' =< 1) until (one (B' + B'))))) until ((all x1: B | ((*r = ^r) implies (one W))) triggered (some V)) }
check claim for 3 but 3..6 steps
