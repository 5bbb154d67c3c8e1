sig A { f: lone B, var r: set A, var s: one B, var t: A -> lone B }
sig B {}
var sig V in A {}
fact { all x1: V | (historically (V in V)) }
run { (f = f) iff (after ((B != B) since (some (B + B)))) } for 1 but 3..5 steps
