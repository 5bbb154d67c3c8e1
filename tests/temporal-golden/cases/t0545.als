sig A {}
var sig V {}
fact { not ((((V')' in (V - V)) ; (#V < 0))) }
assert claim { (after before ((no A) until (no A))) iff (((no A) until (no A))) }
check claim for 3 but 3 steps
