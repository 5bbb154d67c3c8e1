abstract sig A { f: set B, h: A -> B }
sig A1, A2 extends A {}
lone sig B {}
var sig V { var m: lone V }
fact init { lone V }
fact { always (one V implies after no V) }
assert claim { always ((lone m) implies before (some m)) }
check claim for 2 but exactly 5 steps
