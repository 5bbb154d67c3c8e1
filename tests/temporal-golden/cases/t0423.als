abstract sig A { f: one B, g: set A, var r: set A }
sig A1, A2 extends A {}
lone sig B {}
var sig V in A {}
fact { no x1: B | (before (lone *r)) }
fact { always (once (some A.f)) }
assert claim { before ((((not (some B')) or ((#V < 1) releases (lone V.f))) ; (once ((no f) implies (#B =< 2))))) }
check claim for 3 but 2 steps
