sig A { f: set B }
sig B {}
var sig V { var m: lone A }
fact { always ((B = B) implies (one A)) }
fact { always (before (historically (#m.(A + A) = 3))) }
assert claim { ((once (#(B - B) =< 2)) or (some x1: V | (lone (A -> V')))) iff ((let l2 = (B + B) | (l2 not in B)) since ((some B) until (V' in V'))) }
check claim for 3 but exactly 1 B
