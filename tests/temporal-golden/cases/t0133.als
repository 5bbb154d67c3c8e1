sig A { var r: lone A }
var sig V in A {}
fact { always (eventually (no V.r)) }
run { (one x1: V | (V' != r'.V)) or (((some V') ; (V in V'))) } for 2
