sig A { f: one B, g: set A }
sig B {}
var sig V in A {}
var sig W in A {}
run { always (V' = V) and always eventually some V } for 2
