sig A { f: lone B, g: lone A }
sig B {}
var sig V in A {}
assert claim { (eventually always ((lone ~f) or (some V))) iff (eventually always ((lone ~f) or (some V)) and always eventually ((lone ~f) or (some V))) }
check claim for 3 but 4 steps
