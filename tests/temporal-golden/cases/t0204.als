sig A { g: set A }
var sig V {}
fact { not (~g in ^g) }
fact { always ((A != (A + A')) triggered (no V)) }
pred show { (not (let l1 = A | (#V' >= 1))) and (((historically (V in V)) ; ((#(V & V) =< 2) implies (A in A)))) }
run show for 1 but 3 steps
