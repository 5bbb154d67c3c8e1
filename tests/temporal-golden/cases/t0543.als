sig A {}
sig B {}
var sig V { var m: lone V }
fact { once (let l3 = (A - A) | ((V + V') in V'.m')) }
fact { always (one x4: A | (B != B)) }
pred show { all x1: V' | (all x2: B | (not (x2 in x2))) }
run show for 2
