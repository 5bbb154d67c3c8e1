sig A { var r: set A }
var sig V {}
var sig W {}
pred P[p: A] { once (#p >= 0) }
fact { historically (let l1 = (A & A) | (l1 not in A)) }
fact { always (not (one A)) }
assert claim { (historically (#W < 2)) releases (#V > 0) }
check claim for 2 but 4 steps
