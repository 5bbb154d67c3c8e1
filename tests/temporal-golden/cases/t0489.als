sig A {}
sig B {}
var sig V {}
fact { (V' != V) since (#V < 2) }
run { historically ((B = B) since (A' in A)) } for 3 but 5 steps
