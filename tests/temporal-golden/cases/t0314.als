sig A {}
var sig V in A {}
assert claim { no x1: A | ((eventually (x1 not in x1)) implies (always (#V >= 0))) }
check claim for 2 but 6 steps
