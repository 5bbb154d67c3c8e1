sig A {}
var sig V in A {}
fact { always ((all x1: V' | (#V' =< 0)) since (after (V in V'))) }
pred show { no A' }
run show for 1 but 4..4 steps
