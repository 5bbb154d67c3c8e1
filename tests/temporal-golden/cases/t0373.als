sig A { f: set B, g: lone A, var s: one B }
sig B {}
var sig V {}
fact { always (lone x2: B | (all x3: A | (x3 not in A))) }
assert claim { (some x1: V | ((f in s') triggered (f in s))) until ((f & f) = f) }
check claim for 3 but 4 steps, exactly 3 B
