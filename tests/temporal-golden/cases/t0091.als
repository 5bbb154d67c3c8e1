sig A { f: one B, g: lone A, h: A -> B }
sig B {}
var sig V {}
assert claim { after #V < 1 since some V }
check claim for 2 but 6 steps, 2 B
