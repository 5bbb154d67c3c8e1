abstract sig A { f: lone B, var r: set A }
sig A1, A2 extends A {}
lone sig B {}
var sig V in A {}
fact { (all x1: A2 | (#x1 < 0)) and (let l2 = B | (V' in (A2 + V))) }
assert claim { always ((once ((no r.V) since ((f + f) in f))) iff (((no r.V) since ((f + f) in f)) or before once ((no r.V) since ((f + f) in f)))) }
check claim for 2
