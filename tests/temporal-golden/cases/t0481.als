abstract sig A { g: set A, var r: set A }
sig A1, A2 extends A {}
var sig V {}
fact { before ((lone A.r) triggered (some A2.^g)) }
assert claim { (always eventually ((one V) or (#V > 2))) iff ((always eventually (one V)) or (always eventually (#V > 2))) }
check claim for 3 but 4 steps
