sig A { var r: lone A }
var sig V {}
var sig W {}
fact { once ((A -> A) = r) }
assert claim { some W' }
check claim for 3 but 2 steps
