abstract sig A { g: lone A }
sig A1, A2 extends A {}
var sig V {}
fact init { one V }
fact { always (V != V') }
fact { always (some V implies V' = V) }
assert claim { eventually ((one V) and before historically (some V)) }
check claim for 3 but 2..5 steps
