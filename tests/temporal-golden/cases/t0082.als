sig A { h: A -> B, var r: set A }
lone sig B {}
var sig V {}
pred P[p: V] { ((some x1: B | (A in A)) ; ((lone B) until (#(B + B) >= 1))) }
assert claim { eventually ((historically (lone r)) until (historically (one V))) }
check claim for 1 but 4 steps
