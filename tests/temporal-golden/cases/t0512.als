sig A { f: one B, var r: lone A }
some sig B {}
var sig V { var m: set A }
fact { always (some x1: V | (not (x1 in x1))) }
fact { f.B != (A + A) }
assert claim { (once (always (no V))) implies (one A) }
check claim for 2 but 1..3 steps
