sig A { f: one B }
sig B {}
var sig V { var m: set A }
fact { always (eventually (lone B)) }
pred show { (let l1 = B' | (((l1 in l1') ; (#(V - V) > 0)))) implies (all x2: V | (all x3: A | (x2 not in x2))) }
run show for 1 but 1 steps
