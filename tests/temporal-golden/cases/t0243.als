sig A { g: lone A, var r: set A, var t: A -> lone B }
sig B {}
var sig V { var m: set A }
var sig W {}
pred P[p: V] { not (before (some (r - g))) }
fact { lone r }
fact { always (A in A') }
assert claim { (all x1: B | (eventually (x1 in x1))) since (eventually (eventually (#W' > 0))) }
check claim for 2
