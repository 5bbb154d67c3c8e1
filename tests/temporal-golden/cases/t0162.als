sig A { f: one B, g: set A, var r: lone A }
some sig B {}
var sig V { var m: lone A }
assert claim { not (always (r in r') and eventually (r != r')) }
check claim for 1 but 3 B
