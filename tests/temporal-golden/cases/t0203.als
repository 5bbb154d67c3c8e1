sig A { var r: lone A }
var sig V in A {}
fact { after (historically ((V.r)' in V.r)) }
fact { (V.r' - r'.V) = V }
assert claim { no V }
check claim for 2 but exactly 5 steps
