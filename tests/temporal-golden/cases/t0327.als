sig A {}
var sig V in A {}
assert claim { once (after ((V - V) in (A')')) }
check claim for 3 but 5 steps
