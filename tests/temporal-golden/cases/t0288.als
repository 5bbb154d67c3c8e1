sig A { g: lone A }
lone sig B {}
var sig V {}
run { historically (historically (V' in V')) } for 3 but 3..3 steps
