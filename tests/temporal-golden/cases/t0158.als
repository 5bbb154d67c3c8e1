sig A { var r: set A }
sig B {}
var sig V {}
fact { always ((lone x1: V | (B = B)) since (always (r' = r))) }
fact { always ((V = V) triggered (eventually (lone B))) }
assert claim { (V != V) and (before (((*r = r') ; (B' = B)))) }
check claim for 2 but 1..3 steps
