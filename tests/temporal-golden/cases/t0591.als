sig A { f: one B, var t: A -> lone B }
some sig B {}
var sig V in A {}
var sig W in B {}
fact { always (V in V') }
run { always (some x: V' | x not in V) } for 2 but 3..3 steps, exactly 2 B
