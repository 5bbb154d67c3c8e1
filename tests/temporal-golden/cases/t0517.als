sig A {}
var sig V { var m: set V }
var sig W in A {}
fact { always (some V) }
fact { (((W' + (W')') in W') ; (#V >= 0)) }
assert claim { ((not (let l1 = V | (#V = 1))) ; (before (after (~m in m')))) }
check claim for 2 but 3..4 steps
