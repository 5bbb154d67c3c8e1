abstract sig A { g: set A, var r: set A }
sig A1, A2 extends A {}
var sig V { var m: set A }
fact { let l2 = V'.m' | (((r + g) in ^r) releases (#m.A1 = 0)) }
assert claim { eventually (historically (one x1: V | (historically (x1 in x1)))) }
check claim for 2 but 4 steps
