abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
lone sig B {}
var sig V {}
run { always (V' in V) and always eventually (V != V') } for 2 but 1..2 steps
