sig A {}
var sig V in A {}
var sig W in A {}
fact { after (eventually (#V < 3)) }
assert claim { before ((#A < 0) releases (V != W)) }
check claim for 2 but 1 steps
