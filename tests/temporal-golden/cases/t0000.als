sig A { var r: lone A }
var sig V { var m: lone V }
pred P[p: A] { (p not in p.r) and (lone V') }
assert claim { #V < 1 }
check claim for 2 but 4 steps
