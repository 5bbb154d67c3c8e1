abstract sig A { var r: set A }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
var sig W in A {}
pred show { V.r' = (V.r)' }
run show for 2 but 1..3 steps, exactly 1 B
