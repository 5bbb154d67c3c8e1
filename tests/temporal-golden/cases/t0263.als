sig A { var r: set A, var s: lone B, var t: A -> lone B }
sig B {}
var sig V in A {}
fact { B' in V.s }
pred show { before (once (V != V'.r)) }
run show for 1 but 2 B
