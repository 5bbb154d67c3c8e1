sig A {}
var sig V in A {}
assert claim { #V < 2 or V = A ; one V }
check claim for 2 but 4..4 steps
