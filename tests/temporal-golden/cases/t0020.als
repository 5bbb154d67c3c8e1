abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact { always (V' in V) }
assert claim { all x: V' | x in V }
check claim for 3 but 2 steps
