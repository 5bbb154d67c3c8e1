sig A { f: lone B, g: lone A, var s: set B }
one sig B {}
var sig V { var m: lone A }
fact { once (some m) }
fact { lone B }
assert claim { all x1: V | (always (#B =< 1)) }
check claim for 1 but 2 steps
