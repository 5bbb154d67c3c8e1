sig A { f: lone B, g: set A, var s: one B }
some sig B {}
var sig V { var m: set V }
fact { always (lone x1: B | (before (x1 not in (B + x1)))) }
fact { eventually ((^g in ^g) or (A.s != (B - B))) }
pred show { (lone ~s) releases (V in V) }
run show for 3 but 3..4 steps
