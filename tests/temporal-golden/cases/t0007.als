sig A { f: one B }
sig B {}
var sig V {}
fact { always (((no V) triggered ((V' & V) = V)) releases ((lone B) or (some A))) }
fact { always (f.B in A') }
assert claim { no x1: V | (before (once (no B))) }
check claim for 2 but 4 steps
