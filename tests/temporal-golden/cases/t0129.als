sig A { h: A -> B }
sig B {}
var sig V in A {}
fact init { one V }
fact { always (V' in V) }
fact { always (V != V') }
assert claim { eventually always (lone V) }
check claim for 2 but 3 steps, exactly 3 B
