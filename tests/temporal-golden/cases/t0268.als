sig A {}
var sig V {}
fact { lone x2: A | ((#V >= 2) implies (x2 in A)) }
assert claim { after (no x1: A | (no V)) }
check claim for 3 but 4 steps
