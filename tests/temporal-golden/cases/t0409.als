abstract sig A { f: lone B, g: lone A, h: A -> B, var r: set A, var s: set B }
sig A1, A2 extends A {}
some sig B {}
var sig V in A {}
pred P[p: B] { (((p not in p) ; (#(V')' =< 1))) and ((f & s)' in s) }
fact { always (V' != V) }
fact { always ((A2.^r)' in V') }
run P for 2
