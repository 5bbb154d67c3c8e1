sig A { g: set A, var r: set A }
var sig V {}
fact { all disj x1, x2: V | (#x2 =< 0) }
fact { one x3: V | (always (x3 not in V)) }
assert claim { before (((A in *g.A.r) releases (V != V)) since ((V' in V) triggered (no V))) }
check claim for 3 but exactly 1 steps
