abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V {}
fact { always (before ((r & r) in r)) }
fact { always (eventually (before (A1.r = A2))) }
run { ((#V < 3) triggered (((A1 != A1) ; (no (V & V))))) or (let l1 = V | ((some V) and (lone A1))) } for 3 but 1..4 steps
