sig A { var r: lone A }
var sig V { var m: set V }
fact { not (lone (m - m)) }
fact { always (not (all x1: A | (x1 in A))) }
assert claim { historically (some A.r) }
check claim for 2 but 5 steps
