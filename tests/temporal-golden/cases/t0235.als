sig A { f: set B }
sig B {}
var sig V in A {}
fact init { some V }
run { always ((eventually (one V)) triggered (after (V = A))) } for 1 but 1 steps
