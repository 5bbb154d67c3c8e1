sig A { g: lone A }
lone sig B {}
var sig V in A {}
fact { ((#B >= 1) iff (B = (B - B))) triggered (after (no g)) }
assert claim { ((historically (lone A)) since (#V > 2)) iff ((#V > 2) or ((historically (lone A)) and before ((historically (lone A)) since (#V > 2)))) }
check claim for 1 but 2..3 steps
