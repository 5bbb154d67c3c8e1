sig A { var r: set A }
sig B {}
var sig V in A {}
var sig W in B {}
pred P[p: A] { before ((r'.V != p) or (p not in V')) }
fact { always ((lone (r & r)') or (#W' < 1)) }
fact { all x2: B | (lone W) }
assert claim { (always (not (lone r))) releases (lone x1: A | ((x1 in V') releases (W' in W))) }
check claim for 1 but exactly 4 steps
