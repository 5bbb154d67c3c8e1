sig A { var r: set A }
some sig B {}
var sig V in A {}
var sig W in B {}
fact { (lone (A + V')) and (*r in r) }
assert claim { before ((some disj x1, x2: W | ((V -> A) = ^r)) iff (before (some V))) }
check claim for 2 but 3 steps
