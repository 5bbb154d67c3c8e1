sig A {}
var sig V {}
fact init { #V = 2 }
run { after (before (lone V) and not once (lone V)) } for 2 but exactly 1 steps
