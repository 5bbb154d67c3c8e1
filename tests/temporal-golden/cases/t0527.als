sig A {}
var sig V {}
run { (let l1 = V | (lone V')) since ((some V) releases (some V)) } for 1 but 4 steps
