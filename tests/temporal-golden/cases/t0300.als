sig A { var r: set A }
sig B {}
var sig V in A {}
fact { always (one x2: A | (after (no ^r))) }
pred show { lone x1: B | (once (historically (no V'))) }
run show for 3 but 6 steps
