sig A { f: lone B, var s: set B }
some sig B {}
var sig V {}
fact { (after (one (A')')) or ((some A) since (V != V)) }
assert claim { B in B }
check claim for 2 but 2..5 steps
