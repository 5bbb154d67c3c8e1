abstract sig A { g: set A, var r: lone A }
sig A1, A2 extends A {}
var sig V { var m: lone A }
pred P[p: A] { lone x1: V | (p not in A2) }
fact init { no r }
pred show { always (r' in r) and always eventually (r != r') }
run show for 2 but exactly 3 steps
