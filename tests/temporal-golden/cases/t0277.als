sig A { g: lone A, var r: lone A }
var sig V {}
fact { always ((one A) iff (A = A)) }
run { ((no (g & r)) until (#V < 2)) or (historically (^g.A in A.g)) } for 3 but 1 steps
