abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V {}
fact { before ((~r in r) or (one (V - V'))) }
run { not (always ((historically (no r)) iff ((no r) and not after not historically (no r)))) } for 3 but 2..2 steps
