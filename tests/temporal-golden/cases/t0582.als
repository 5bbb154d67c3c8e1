abstract sig A {}
sig A1, A2 extends A {}
one sig B {}
var sig V in A {}
fact { (B in B) and (lone B) }
fact { always ((V' in V) and (A in V')) }
assert claim { no x1: A1 | (all x2: B | (no B)) }
check claim for 2 but 1..4 steps
