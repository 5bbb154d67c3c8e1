sig A {}
var sig V { var m: lone V }
fact { A in A }
fact { once (V' in V) }
assert claim { once (no x1: V' | (once (m = m))) }
check claim for 3 but 2..5 steps
