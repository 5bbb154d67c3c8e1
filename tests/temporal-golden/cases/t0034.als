abstract sig A { f: lone B, var t: A -> lone B }
sig A1, A2 extends A {}
some sig B {}
var sig V in A {}
var sig W in B {}
fact { always ((after (some ~f)) iff (eventually (#W > 2))) }
fact { always (((before (A1 in V)) ; (let l2 = V.f | (one V)))) }
assert claim { after (((no W) until ((f & f) = f)) and (let l1 = f.W | (no V.f))) }
check claim for 3 but 1..3 steps
