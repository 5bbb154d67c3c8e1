sig A {}
var sig V { var m: set V }
assert claim { ((no V) releases (one V)) iff ((one V) or ((no V) and after ((no V) until (one V)))) }
check claim for 1 but 5 steps
