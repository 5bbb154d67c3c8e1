sig A { var r: set A }
lone sig B {}
var sig V { var m: set A }
pred P[p: A] { (p in p) since (p in p) }
assert claim { lone V and no r ; no V }
check claim for 2 but 3..4 steps
