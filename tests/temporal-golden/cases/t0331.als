sig A { f: one B, var r: set A, var s: one B, var t: A -> lone B }
some sig B {}
var sig V { var m: set A }
fact { always ((((#A < 2) ; (~r in *r))) and ((no m.A) releases (lone V))) }
assert claim { eventually ((historically (no V')) releases (one x1: B | (A.s in A.(A.t')))) }
check claim for 1 but 6 steps
