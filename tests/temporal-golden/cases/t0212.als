abstract sig A { f: set B, h: A -> B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V { var m: set A }
var sig W in A {}
fact init { lone V }
fact { always (some V implies V' = V) }
fact { always (one V implies after no V) }
assert claim { always ((lone V) triggered (some W)) }
check claim for 2 but 3..3 steps
