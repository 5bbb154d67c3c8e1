sig A { f: lone B, var r: set A, var s: one B }
some sig B {}
var sig V {}
fact { always (s in f) }
fact { always ((#B < 1) or (not (#B = 3))) }
pred show { lone x1: B | (always ((A + A) in A)) }
run show for 2 but 2 steps
