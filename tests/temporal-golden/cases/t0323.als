abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
var sig W {}
fact { (((*g = *g) ; (#V' < 2))) until (let l1 = A1 | (#V < 0)) }
fact { (after (V' in V')) and (one ((W')')') }
assert claim { V' in g.V' }
check claim for 1 but 1..4 steps
