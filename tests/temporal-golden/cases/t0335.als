abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: set A }
fact { always (not ((#^g.A2' >= 0) implies (m = m))) }
assert claim { ((one V') or ((r - r)' in r)) releases (lone x1: A1 | (x1 in x1)) }
check claim for 1 but 1..3 steps
