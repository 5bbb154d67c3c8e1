sig A { var r: set A }
one sig B {}
var sig V {}
var sig W in B {}
run { always (V' in V) and always eventually (V != V') } for 1 but 2 steps
