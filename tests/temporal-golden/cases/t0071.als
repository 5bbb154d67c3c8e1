sig A { var r: set A }
var sig V in A {}
fact { (V in r.V') and (some A) }
assert claim { not ((A != A) or (*r.(V' - V') != (V'.r)')) }
check claim for 1 but 2 steps
