abstract sig A { f: set B, var s: set B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
var sig W in B {}
fact { always (((V - A2) in V) releases (no f)) }
run { all disj x1, x2: W | ((((x1 not in W) ; (x2 not in W'))) until ((no W) until (x1 in W))) } for 3 but 3..5 steps
