sig A {}
var sig V in A {}
fact init { no V }
fact { always (no V implies some V') }
pred show { always eventually (lone V) }
run show for 3 but 1..4 steps
