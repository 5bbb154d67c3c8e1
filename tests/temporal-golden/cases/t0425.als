sig A {}
sig B {}
var sig V in A {}
var sig W {}
fact init { no V }
run { always (V in V' or V' in V) and always eventually (V != V') } for 2 but exactly 1 steps
