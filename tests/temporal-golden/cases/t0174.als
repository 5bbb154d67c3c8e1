abstract sig A { g: lone A, var r: set A }
sig A1, A2 extends A {}
some sig B {}
var sig V {}
pred P[p: A] { (no x1: B | (p not in g.p)) and ((p not in (A.^r)') or (p not in p.g)) }
fact init { no V }
pred show { always (V in V') and always eventually (V != V') }
run show for 2 but 2..2 steps
