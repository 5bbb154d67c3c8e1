sig A { g: set A }
var sig V {}
fact { always (before (#V' =< 1)) }
assert claim { once (not (once ((g & g) = *g))) }
check claim for 2
