abstract sig A { g: set A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
var sig W in A {}
pred P[p: V] { always ((lone (W')') and (lone (^r.W - W'))) }
fact init { no V }
fact { always (V in V' and lone V' - V) }
run { (eventually #V = 2) and (always eventually V != V') } for 3 but 4 steps
