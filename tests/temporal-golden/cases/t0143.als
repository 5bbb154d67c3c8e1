abstract sig A { f: one B, g: lone A, var r: lone A }
sig A1, A2 extends A {}
sig B {}
var sig V {}
fact { always (historically (let l1 = r'.A | (B = (A2 - l1).f))) }
pred show { always (before (((#V' > 1) ; (f in f)))) }
run show for 1 but 5 steps, exactly 1 B
