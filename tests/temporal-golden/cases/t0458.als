abstract sig A { g: set A }
sig A1, A2 extends A {}
var sig V in A {}
var sig W {}
run { once (#V > 2) and not (#V > 2) } for 3
