abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
pred P[p: V] { no x1: V | (V != V) }
run P for 3 but 3 steps, 2 B
