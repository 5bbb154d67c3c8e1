sig A { f: one B, var r: set A }
lone sig B {}
var sig V in A {}
assert claim { not (always (r' = r) and always eventually some r) }
check claim for 3 but 5 steps
