sig A { f: lone B, h: A -> B }
some sig B {}
var sig V in A {}
fact init { no V }
fact { always (V != V') }
fact { always (V' in V) }
assert claim { always eventually (one V) }
check claim for 2 but 4 steps
