abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
var sig W {}
assert claim { all x1: V' | ((one x2: W | (x2 in W)) iff (((W in W) ; (lone W)))) }
check claim for 2 but 4 steps
