abstract sig A { f: lone B }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
assert claim { (always (lone (f & f))) until ((#B >= 1) triggered ((V + V) in V)) }
check claim for 2
