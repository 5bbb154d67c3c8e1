abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: lone A }
var sig W in A {}
pred P[p: A] { (no V') triggered (p in W) }
fact init { no r }
fact { always (V' = V or no V') }
assert claim { eventually ((no V) since (#V < 2)) }
check claim for 3 but 5 steps
