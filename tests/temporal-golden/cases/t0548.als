sig A { g: set A }
var sig V { var m: set A }
fact init { some V }
fact { always (no V implies some V') }
pred show { (eventually always (lone V)) and (always eventually (lone m)) }
run show for 3 but 4 steps
