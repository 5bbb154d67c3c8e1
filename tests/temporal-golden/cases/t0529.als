sig A {}
lone sig B {}
var sig V {}
fact { all x2: A | (x2 in A) }
assert claim { (some (V & V)) iff ((lone x1: A | ((x1 in A) and (x1 != x1))) implies ((after (V in V)) releases (eventually (one A)))) }
check claim for 3 but 1..2 steps
