sig A { var r: lone A, var s: one B }
sig B {}
var sig V in A {}
var sig W in A {}
fact { always (historically (once (some ~r))) }
fact { (some (B - B)) until (lone (r & r)) }
assert claim { let l1 = W.s' | (((eventually (V != V')) ; (before (one W)))) }
check claim for 1 but 3..6 steps, exactly 2 B
