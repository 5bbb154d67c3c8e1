sig A { var r: set A }
var sig V { var m: lone A }
pred P[p: V] { eventually (p in p) }
fact { always (some V) }
assert claim { always (all x: V | after x in V) implies always (V in V') }
check claim for 2
