abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
var sig W in A {}
assert claim { always ((after ((let l1 = (V' + W') | (one A1)) and (V != W))) iff ((after (let l1 = (V' + W') | (one A1))) and (after (V != W)))) }
check claim for 2 but 4 steps
