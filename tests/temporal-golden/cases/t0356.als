sig A { f: lone B, var r: lone A }
some sig B {}
var sig V {}
var sig W {}
pred show { always (r' in r and r != r') }
run show for 2 but 4 steps
