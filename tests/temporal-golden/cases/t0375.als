sig A { f: set B, var r: set A, var s: set B }
one sig B {}
var sig V { var m: set A }
assert claim { not (always (s in s') and always eventually some s and always eventually no s) }
check claim for 2 but 4..4 steps
