sig A { f: one B, var r: lone A }
one sig B {}
var sig V {}
fact { all x1: A | ((lone (B & B)) or (x1 in A)) }
fact { always (always ((#B' = 1) since (no (f + f)))) }
run { (before (((A - A).r = A) or (one A))) triggered ((after (B in B)) iff (always (no B))) } for 2 but 1..2 steps
