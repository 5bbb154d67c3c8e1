sig A { g: set A }
some sig B {}
var sig V in A {}
fact { (one V) releases (lone V') }
run { after (((V in V) and (B != B)) releases (eventually (no g))) } for 2 but 3 steps
