sig A { var r: lone A }
var sig V { var m: set V }
fact { after (some V) }
fact { let l2 = V.m | (((A' != (A & A)) ; (#A =< 1))) }
pred show { historically (always (all x1: A | (x1 not in (x1.r)'))) }
run show for 3 but 4 steps
