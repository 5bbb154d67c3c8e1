sig A { var r: set A }
var sig V {}
pred P[p: A] { (#p.r < 1) triggered (p in ^r.p) }
run { always (r != r') } for 2 but 1 steps
