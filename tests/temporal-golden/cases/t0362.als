abstract sig A { f: set B, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
var sig W in A {}
fact { let l1 = W.*r | (lone x2: A2 | (no f)) }
assert claim { always (((eventually (#A1 >= 2)) since (some V)) iff ((some V) or ((eventually (#A1 >= 2)) and after ((eventually (#A1 >= 2)) since (some V))))) }
check claim for 3 but 5 steps
