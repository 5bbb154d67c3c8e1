sig A { var r: set A }
var sig V {}
pred P[p: V] { (some ~r) until (p = V') }
assert claim { (historically (one V)) iff ((one V) and not before not once (one V)) }
check claim for 3 but 4 steps
