abstract sig A { f: lone B, g: lone A, var r: set A, var s: set B }
sig A1, A2 extends A {}
one sig B {}
var sig V { var m: lone V }
pred P[p: B] { (one x1: A2 | (no s)) until (not (p in p)) }
fact { (some disj x2, x3: V | ((V' & x2) = x3)) implies (before (some A1.g)) }
assert claim { V' != (V')' }
check claim for 2 but 3 steps
