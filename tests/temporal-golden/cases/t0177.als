sig A { var r: set A }
var sig V in A {}
fact { ((V in A) ; (some V)) }
pred show { (((always (one x1: V | (V in x1))) ; (before ((r' in r') triggered (~r in ^r))))) and (let l2 = (V + V') | (before ((l2 in l2) iff (one V)))) }
run show for 3 but 1..4 steps
