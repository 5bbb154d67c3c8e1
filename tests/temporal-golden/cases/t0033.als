abstract sig A { var r: set A }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
fact init { no V }
run { after ((always (V = A)) until (always (no r))) } for 2 but 3 steps
