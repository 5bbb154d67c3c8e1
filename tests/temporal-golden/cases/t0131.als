sig A { var r: set A }
some sig B {}
var sig V in A {}
pred P[p: B] { (let l1 = (p - p) | (some ~r)) and ((one p) triggered (#V < 2)) }
fact { always (lone V) }
assert claim { always (all x: V | after x in V) implies always (V in V') }
check claim for 3 but 6 steps
