sig A { var r: set A, var t: A -> lone B }
sig B {}
var sig V { var m: lone A }
var sig W in B {}
pred P[p: B] { (((p in W') implies (V' = V)) ; ((A.(A.t) in B) and (one p))) }
fact { some x2: V | (once (x2 in V)) }
assert claim { (eventually (let l1 = A | (#W =< 0))) iff (not always not (let l1 = A | (#W =< 0))) }
check claim for 3 but 1..2 steps
