abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: set A }
fact { always (((m = m) implies (some ~m)) and (let l1 = V | ((V' & V') in l1'))) }
assert claim { not (lone (V - V')) }
check claim for 3 but 3..4 steps
