sig A { var r: set A }
var sig V in A {}
fact { V in V }
fact { always (some x2: V | ((x2 -> V) = r)) }
assert claim { all x1: V' | (once (^r = ^r)) }
check claim for 2 but 1..2 steps
