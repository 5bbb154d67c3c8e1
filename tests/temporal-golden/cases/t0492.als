sig A {}
var sig V {}
assert claim { always (all x: V'' | x in V') implies always (V' in V) }
check claim for 3 but 2 steps
