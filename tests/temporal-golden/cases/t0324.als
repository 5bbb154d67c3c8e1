sig A { var r: set A }
var sig V in A {}
fact { always (((some (r - r)) iff (r.V in V')) iff (no V)) }
pred show { all disj x1, x2: V | (((x1 in A) or (#x1 >= 3)) or (always (x2 in A))) }
run show for 1 but 4 steps
