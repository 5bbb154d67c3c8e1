sig A { var r: set A }
var sig V in A {}
assert claim { always (((some V) releases (#V > 1)) iff ((#V > 1) or ((some V) and after ((some V) until (#V > 1))))) }
check claim for 3 but 2 steps
