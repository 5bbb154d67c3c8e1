sig A { var r: lone A }
var sig V in A {}
assert claim { always ((eventually historically (let l1 = V | (#V = 1))) iff ((let l1 = V | (#V = 1)) and eventually historically (let l1 = V | (#V = 1)))) }
check claim for 2 but 1..2 steps
