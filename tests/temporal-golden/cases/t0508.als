sig A {}
sig B {}
var sig V {}
fact { always (some x2: B | (before (V = V'))) }
fact { always (A != A) }
run { (let l1 = A' | ((A != l1) or ((A - l1) in l1))) until (once (always (A != A))) } for 3 but 6 steps, 2 B
