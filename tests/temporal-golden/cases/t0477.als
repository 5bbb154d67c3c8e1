sig A { g: set A, var r: set A }
var sig V in A {}
run { always (V in V') and always eventually (V != V') } for 3 but 6 steps
