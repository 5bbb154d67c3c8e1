abstract sig A { f: lone B, var s: set B }
one sig A1 extends A {}
sig A2 extends A {}
some sig B {}
var sig V in A {}
assert claim { once (((#(V & V).f = 2) implies (((B + B))' in (V & V).s)) until (no x1: V | (#B > 3))) }
check claim for 3 but 3 steps
