sig A { f: set B, var r: set A }
one sig B {}
var sig V { var m: set A }
var sig W in B {}
assert claim { after (eventually (some A)) }
check claim for 3 but 3..3 steps
