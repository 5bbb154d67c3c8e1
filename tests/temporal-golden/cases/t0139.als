sig A { f: set B }
sig B {}
var sig V { var m: set V }
fact init { some V }
fact { always (#V' =< #V or no V) }
assert claim { eventually ((lone V) and before historically (some V)) }
check claim for 3 but 6 steps
