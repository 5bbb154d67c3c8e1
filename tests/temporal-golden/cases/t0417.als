sig A { f: one B }
sig B {}
var sig V in A {}
pred P[p: B] { (no x1: V | (V = V)) and (some x2: B | (x2 in x2)) }
fact { always ((((one (A - V)) ; ((f & f) in f))) releases (always (lone V'))) }
fact { always ((#A =< 1) releases (lone V)) }
run { not (((before (no V')) ; (once (lone (V' -> V))))) } for 2 but 4 steps
