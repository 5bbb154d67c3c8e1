sig A {}
var sig V in A {}
pred P[p: A] { ((p != V) ; (eventually (p not in A))) }
fact { no V }
assert claim { always ((after not (one V)) iff (not before (one V))) }
check claim for 3 but 2..2 steps
