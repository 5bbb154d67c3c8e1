sig A {}
var sig V { var m: lone A }
var sig W {}
fact { ((some (V -> V')) and (V = V')) and (all x2: V' | (x2 not in x2)) }
fact { ((no A) releases (no A)) releases ((no W) triggered (V != V)) }
run { historically (let l1 = V' | (eventually ((#A' >= 3) and (W in W)))) } for 3
