sig A {}
var sig V {}
assert claim { no V or some V ; one V }
check claim for 2 but exactly 5 steps
