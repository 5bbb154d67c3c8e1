sig A {}
var sig V { var m: set A }
fact { not (some x2: A | (x2 in V.m')) }
assert claim { (historically (let l1 = A | (V != V))) iff ((let l1 = A | (V != V)) and not after not historically (let l1 = A | (V != V))) }
check claim for 3 but exactly 5 steps
