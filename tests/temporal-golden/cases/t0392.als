sig A { g: set A }
var sig V in A {}
var sig W {}
run { eventually always (V = V') and always eventually some V } for 3 but 3..3 steps
