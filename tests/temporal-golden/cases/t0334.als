sig A {}
lone sig B {}
var sig V { var m: set A }
fact init { some V }
assert claim { eventually ((once (lone V)) since (eventually (some m))) }
check claim for 2 but exactly 1 steps
