sig A { var r: set A }
sig B {}
var sig V { var m: lone A }
var sig W in A {}
fact { always (after (before (some V'))) }
assert claim { V' in V }
check claim for 1 but 6 steps
