sig A { f: one B, var r: lone A, var s: one B }
sig B {}
var sig V { var m: lone A }
fact { always ((((no m.A) or (A = f.(B + B))) ; ((one A.f) releases ((B + B) in A.s')))) }
pred show { (before (lone x1: B | (lone m'))) since (one V.m') }
run show for 3 but 5 steps
