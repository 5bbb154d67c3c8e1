sig A {}
var sig V in A {}
fact { always (let l1 = V | (one l1)) }
run { historically (((V - V) = A) until ((lone V') iff (#V' = 3))) } for 3 but 4 steps
