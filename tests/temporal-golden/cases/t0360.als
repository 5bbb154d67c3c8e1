sig A { var r: lone A }
var sig V in A {}
var sig W in A {}
fact init { #V = 2 }
run { after (before (#V > 2) and not once (#V > 2)) } for 3 but 1..3 steps
