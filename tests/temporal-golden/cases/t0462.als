abstract sig A { var r: lone A }
sig A1, A2 extends A {}
var sig V {}
run { eventually (no x: V' | x in V) and some V } for 1 but 3..5 steps
