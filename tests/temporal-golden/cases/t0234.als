sig A { f: one B, g: lone A, var r: set A }
sig B {}
var sig V {}
fact init { some V }
fact { always (V != V') }
fact { always (V' = V or no V') }
assert claim { always ((no r) implies historically (some r)) }
check claim for 1 but 3 steps, exactly 1 B
