abstract sig A { f: lone B, g: set A, var r: lone A, var s: set B }
sig A1, A2 extends A {}
some sig B {}
var sig V { var m: lone A }
var sig W in A {}
assert claim { always V.m' in (V.m)' }
check claim for 2 but exactly 3 steps, exactly 1 B
