sig A { f: one B, h: A -> B, var r: set A, var s: set B }
sig B {}
var sig V in A {}
var sig W in A {}
fact { always (let l2 = W.*r | (always (r' in r))) }
pred show { all x1: W | (after ((x1 not in (W'.r)') or (some V))) }
run show for 3 but 1..2 steps, exactly 2 B
