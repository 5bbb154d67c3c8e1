abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V { var m: set A }
assert claim { always ((((some A2) releases (V in V)) releases (#V > 2)) iff (not ((not ((some A2) until (V in V))) until (not (#V > 2))))) }
check claim for 1 but 2..4 steps
