sig A { g: lone A, var r: lone A }
var sig V { var m: set A }
var sig W in A {}
fact { historically (all x2: W | (one W)) }
fact { always (lone W') }
pred show { one x1: A | ((((V' = (V + V)) implies (^g in r')) or ((V in V) and (x1 not in W))) implies (g.x1' = (W - (A + x1)))) }
run show for 2 but 4..4 steps
