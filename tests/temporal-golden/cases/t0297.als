abstract sig A { f: one B, var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V { var m: lone A }
fact { always (lone V) }
assert claim { always (all x: V | after x in V) implies always (V in V') }
check claim for 1 but 1..4 steps, 1 B
