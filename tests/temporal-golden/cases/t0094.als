sig A {}
some sig B {}
var sig V {}
var sig W {}
run { once (no V) and not (no V) } for 2 but 2..2 steps
