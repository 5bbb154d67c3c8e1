sig A { f: lone B, g: lone A, var r: lone A, var s: lone B }
sig B {}
var sig V { var m: set A }
assert claim { historically (no V) implies (no V) }
check claim for 1 but 4 steps
