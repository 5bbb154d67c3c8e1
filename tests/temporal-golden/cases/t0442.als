abstract sig A { var r: lone A }
sig A1, A2 extends A {}
var sig V { var m: lone A }
var sig W in A {}
fact { always ((eventually (no V)) and (((V' != V') ; (W' in A2)))) }
assert claim { no (V -> V') }
check claim for 3 but 2 steps
