sig A { h: A -> B, var r: set A }
sig B {}
var sig V in A {}
var sig W in A {}
pred P[p: B] { B in p' }
fact { one x2: W | (after (W = W)) }
assert claim { ((once (lone B)) or ((no r') and (no r))) and (let l1 = W | ((some W) or (B = B))) }
check claim for 3 but 4 steps, 1 B
