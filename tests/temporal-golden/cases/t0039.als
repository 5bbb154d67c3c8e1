sig A { f: lone B }
sig B {}
var sig V { var m: set V }
var sig W {}
fact { before (#W =< 0) }
pred show { after (some x1: A | (no x2: B | (W in W'))) }
run show for 2 but 6 steps, exactly 2 B
