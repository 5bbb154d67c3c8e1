sig A {}
var sig V in A {}
fact init { some V }
run { once (V = A) and not (V = A) } for 2 but 3 steps
