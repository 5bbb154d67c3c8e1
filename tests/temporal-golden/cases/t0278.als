sig A { var r: lone A }
var sig V { var m: set V }
var sig W {}
pred P[p: A] { let l1 = p.r | (some m) }
assert claim { (before (lone r)) until (before (#V = 2)) }
check claim for 1 but 2..4 steps
