sig A { h: A -> B, var s: one B }
sig B {}
var sig V in A {}
fact { always (before ((lone V.(V.h)) until (V in A))) }
fact { (some x1: B | ((s - s) in s')) releases (historically (lone B')) }
run { eventually (historically (#B < 0)) } for 3 but 2..2 steps
