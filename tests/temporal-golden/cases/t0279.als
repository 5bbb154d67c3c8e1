sig A { var r: set A }
var sig V {}
fact { before ((one A) iff (no A)) }
run { not ((eventually historically (no V)) iff ((no V) and eventually historically (no V))) } for 1 but 2..5 steps
