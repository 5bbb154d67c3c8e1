sig A { g: lone A, var r: set A, var t: A -> lone B }
sig B {}
var sig V in A {}
pred P[p: A] { before (not (B = V.(A.t))) }
pred show { let l1 = V.(V'.t) | (all disj x2, x3: A | (before (no x4: V | (lone B')))) }
run show for 1 but 2..2 steps
