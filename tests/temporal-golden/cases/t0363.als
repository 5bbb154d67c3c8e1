sig A {}
var sig V {}
assert claim { ((no V) releases (no V)) iff ((no V) or ((no V) and after ((no V) until (no V)))) }
check claim for 3 but 1..4 steps
