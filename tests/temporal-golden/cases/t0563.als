sig A { h: A -> B, var s: lone B }
sig B {}
var sig V { var m: lone V }
fact init { no V }
fact { always (s' = s or no V) }
fact { always (#V' =< #V or no V) }
assert claim { eventually always (no V) }
check claim for 3 but 4 steps
