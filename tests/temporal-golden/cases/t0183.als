sig A { f: set B }
some sig B {}
var sig V {}
fact { always ((B in B) since (V != V')) }
fact { one V }
assert claim { always (((no x1: V | ((lone f.B) and (V' = V))) ; (not (historically (V = V))))) }
check claim for 3 but 4..4 steps
