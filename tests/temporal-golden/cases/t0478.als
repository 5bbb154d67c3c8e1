sig A { f: one B }
one sig B {}
var sig V in A {}
fact init { some V }
run { always (V' = V) and always eventually some V } for 3 but 4 steps
