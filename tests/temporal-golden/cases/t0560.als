abstract sig A { f: one B }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V { var m: set A }
var sig W in B {}
fact { historically (one A1.f) }
assert claim { (V' in (V' - V)) releases (after (let l1 = A1.f | (let l2 = V | ((V.m + A1) in A2')))) }
check claim for 3 but 1..3 steps
