sig A { f: one B, var r: set A }
lone sig B {}
var sig V {}
fact init { no V }
fact { always (V in V' and lone V' - V) }
assert claim { (eventually #V = 1) and (always eventually V != V') }
check claim for 3 but 3 steps
