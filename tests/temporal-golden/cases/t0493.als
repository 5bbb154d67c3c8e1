sig A { g: set A, var r: set A }
var sig V {}
var sig W in A {}
fact { before (V = V) }
assert claim { (((not (W' in W)) and (before (g = g))) ; (let l1 = (V + V) | (once (A.*g = W.*r)))) }
check claim for 3 but 4..4 steps
