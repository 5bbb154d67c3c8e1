sig A {}
var sig V { var m: set A }
assert claim { (all x: V | after x in V) iff V in V' }
check claim for 2 but 1 steps
