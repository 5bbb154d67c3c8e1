abstract sig A { f: lone B, var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V { var m: lone A }
var sig W in A {}
pred P[p: V] { ((one x1: B | (one V)) ; (let l2 = (V')' | (one B))) }
fact { (historically (some V)) implies ((no m') until (some W)) }
assert claim { ((not (r.W' in W')) releases (((m & m) in m) and (r = r))) until (f.B = (W' - A2)) }
check claim for 3 but 6 steps, exactly 2 B
