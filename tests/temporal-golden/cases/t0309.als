sig A { g: lone A }
var sig V {}
var sig W {}
fact { always (*g = ^g) }
fact { always (not (lone x2: V | ((g - g) in ^g))) }
assert claim { ((some x1: A | ((#x1 =< 1) or (W in W))) ; (((always (A = A)) ; ((V in V) triggered (A in A))))) }
check claim for 3
