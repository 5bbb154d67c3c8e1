abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V in A {}
fact { always ((r = r) since (some (V -> V'))) }
fact { lone V' }
assert claim { not (V != V') }
check claim for 1 but 6 steps
