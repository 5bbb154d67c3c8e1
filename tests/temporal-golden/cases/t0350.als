abstract sig A { var s: one B }
sig A1, A2 extends A {}
one sig B {}
var sig V in A {}
fact { always (after (let l1 = s'.B | (l1 in l1))) }
fact { always (historically (B = B)) }
pred show { (always (s.B in V')) iff ((lone (V & V')) triggered (B in B)) }
run show for 2 but 3 steps
