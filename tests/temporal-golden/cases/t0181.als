abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V { var m: set A }
fact init { no r }
fact { always (no V implies some V') }
fact { always (V' in V) }
assert claim { always ((one V) implies before (some V)) }
check claim for 2 but exactly 2 steps
