sig A { g: set A }
var sig V { var m: set A }
var sig W in A {}
fact { always ((no V) until (W in W)) }
pred show { lone V.m' }
run show for 1 but 1..4 steps
