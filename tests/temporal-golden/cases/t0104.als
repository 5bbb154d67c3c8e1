sig A {}
var sig V { var m: set A }
fact init { no V }
fact { always (no V implies some V') }
pred show { always (after (lone V) implies once (no m)) }
run show for 3 but 2..2 steps
