sig A { var r: lone A }
var sig V in A {}
var sig W in A {}
pred P[p: A] { (after (p not in A)) and (after (one p)) }
run { not (no x1: V | (one x2: W | (x1 = r.x2.r'))) } for 3 but 3..5 steps
