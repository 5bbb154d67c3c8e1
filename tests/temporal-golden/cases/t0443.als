abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V { var m: lone A }
fact { always (after (#V < 1)) }
fact { always (no x2: A2 | (one (B & B'))) }
pred show { (after (all x1: A1 | (after (x1 in (A + x1))))) iff (eventually ((not (V = (V' + V))) or ((m' = m) releases (no m)))) }
run show for 3 but 4 steps, 3 B
