abstract sig A {}
sig A1, A2 extends A {}
var sig V { var m: set V }
fact { (one x1: V | (x1 not in V.^m)) until (A1 = A2) }
assert claim { once ((not (always (one A1))) and (before (((m + m) in *m) releases (#A' >= 1)))) }
check claim for 2
