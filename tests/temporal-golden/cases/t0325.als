sig A { f: one B }
one sig B {}
var sig V in A {}
fact init { no V }
fact { always (V' = V or no V') }
fact { always (V in V') }
assert claim { (some V) until (#V > 2) }
check claim for 3 but exactly 2 steps
