abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V {}
var sig W in A {}
fact { ((W -> A) = ^r) or (W != r'.W') }
fact { historically (not (V' in V)) }
run { all x1: V | (before (not (V != V))) } for 2 but 2 steps
