sig A {}
var sig V {}
fact { eventually ((some A) or (#A = 1)) }
assert claim { no A }
check claim for 2 but 6 steps
