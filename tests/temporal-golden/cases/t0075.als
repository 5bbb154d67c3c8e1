sig A { var s: one B }
lone sig B {}
var sig V in A {}
assert claim { always ((after ((no x1: B | (lone A)) and (one V))) iff ((before (no x1: B | (lone A))) and (after (one V)))) }
check claim for 3 but 1..3 steps
