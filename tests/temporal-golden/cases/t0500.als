abstract sig A { f: set B, h: A -> B, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V {}
assert claim { (before (some V)) triggered (once (one V)) }
check claim for 1 but 1..4 steps
