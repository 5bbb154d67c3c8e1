sig A { var r: set A }
var sig V in A {}
var sig W {}
fact { always (((no W) releases ((r + r)' = r)) or (((some r') ; (W in W)))) }
fact { always (((V.r + V'.*r) = V') and ((V' + V) in V)) }
run { not (((V in V) releases (some W')) implies (some x1: W | (x1 not in W'))) } for 2 but 3..4 steps
