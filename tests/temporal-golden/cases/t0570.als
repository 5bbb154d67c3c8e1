sig A {}
sig B {}
var sig V in A {}
fact { (no V) releases (V' in V') }
run { eventually (let l1 = (A + V) | (always (once (some l1)))) } for 3 but 5 steps
