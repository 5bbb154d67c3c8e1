sig A { g: set A }
some sig B {}
var sig V {}
pred P[p: A] { before (no g) }
fact { always ((not ((g & g) = ^g)) since (some x1: V | (x1 in V'))) }
run { not (eventually (once ((some V) or (V' in V')))) } for 1 but 3 steps, 2 B
