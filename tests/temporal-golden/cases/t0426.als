abstract sig A { f: lone B, g: lone A, h: A -> B, var r: set A }
sig A1, A2 extends A {}
one sig B {}
var sig V in A {}
fact { always (some x1: B | (lone B')) }
fact { all x2: B | (x2 in (V.f)') }
run { always (once (((one V) ; (#B =< 1)))) } for 2 but 4 steps
