abstract sig A { var r: set A, var s: set B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
pred P[p: A] { (p in p) or (let l1 = B | (no V')) }
assert claim { lone V implies lone V until lone V }
check claim for 3 but 1..4 steps
