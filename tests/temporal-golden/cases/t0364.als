abstract sig A { f: one B, g: set A, var r: lone A }
sig A1, A2 extends A {}
sig B {}
var sig V {}
pred P[p: V] { one x1: A | (#x1 =< 3) }
fact { no x2: A | (((r - r)' in ^g) since (x2 in (A2 & x2))) }
fact { always ((one A) implies ((A2.g != A1.r) until (#B = 1))) }
run P for 2 but 3..3 steps
