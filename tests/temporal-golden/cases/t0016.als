sig A { g: set A, var r: set A }
var sig V { var m: lone A }
pred P[p: V] { (some V) or (#(A & A) >= 1) }
fact { always (after (always (#V = 2))) }
fact { all x3: V | (let l4 = r.A | (some (A -> x3))) }
assert claim { one x1: A | (((x1 not in x1) triggered (x1 not in A)) iff (one x2: V | ((A & x1) = A))) }
check claim for 2 but 3 steps
