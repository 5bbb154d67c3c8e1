sig A {}
var sig V { var m: set V }
fact { always ((lone (m + m)') until (no V)) }
pred show { some x1: A | (some x2: V | (((m & m) = m') until ((m + m)' in m'))) }
run show for 2 but 3..3 steps
